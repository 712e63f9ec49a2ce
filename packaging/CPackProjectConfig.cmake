# Read by cpack before it builds a package (CPACK_PROJECT_CONFIG_FILE): refuse to make a
# package that would miss a program or a file. The problems were found at configure time.
if(CPACK_HEDGE_PACKAGE_PROBLEMS)
    list(JOIN CPACK_HEDGE_PACKAGE_PROBLEMS "\n  " _problem_text)
    message(FATAL_ERROR "Refusing to build an incomplete package:\n  ${_problem_text}")
endif()
