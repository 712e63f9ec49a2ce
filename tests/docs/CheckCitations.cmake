# Every citation of a document's section in the sources — `docs/model.md, "Stopping early"` —
# names a file the repository holds and a heading that file has. Run by ctest
# (tests/CMakeLists.txt) as cmake -DSOURCE_DIR=... -P CheckCitations.cmake.
# A citation is a path ending in .md, an optional comma or colon, and a heading in double
# quotes on the same line; the heading is found when a heading line (#…) of the file contains
# it (the section "Layers" is cited as "Layers" by a heading "## Layers").
set(_problems "")
file(GLOB_RECURSE _sources RELATIVE ${SOURCE_DIR}
    ${SOURCE_DIR}/engine/*.h ${SOURCE_DIR}/engine/*.cpp ${SOURCE_DIR}/engine/*.txt
    ${SOURCE_DIR}/engine/*.cmake ${SOURCE_DIR}/widgets/*.h ${SOURCE_DIR}/widgets/*.cpp
    ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/tests/*.h
    ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.cmake ${SOURCE_DIR}/tests/*.txt
    ${SOURCE_DIR}/bench/*.h ${SOURCE_DIR}/bench/*.cpp ${SOURCE_DIR}/scripts/*.sh)
set(_cited_count 0)
foreach(_source IN LISTS _sources)
    file(STRINGS ${SOURCE_DIR}/${_source} _lines REGEX "[A-Za-z0-9_-]+\\.md[,:]? \"[^\"]+\"")
    foreach(_line IN LISTS _lines)
        string(REGEX MATCHALL "[A-Za-z0-9_./-]+\\.md[,:]? \"[^\"]+\"" _citations "${_line}")
        foreach(_citation IN LISTS _citations)
            string(REGEX MATCH "^([A-Za-z0-9_./-]+\\.md)[,:]? \"([^\"]+)\"$" _ "${_citation}")
            set(_doc ${CMAKE_MATCH_1})
            set(_heading "${CMAKE_MATCH_2}")
            if(EXISTS ${SOURCE_DIR}/${_doc})
                set(_path ${SOURCE_DIR}/${_doc})
            elseif(EXISTS ${SOURCE_DIR}/docs/${_doc})
                set(_path ${SOURCE_DIR}/docs/${_doc})
            else()
                list(APPEND _problems "${_source}: cites ${_doc}, which the repository does not hold")
                continue()
            endif()
            file(STRINGS ${_path} _headings REGEX "^#+ ")
            set(_found OFF)
            foreach(_h IN LISTS _headings)
                string(FIND "${_h}" "${_heading}" _at)
                if(NOT _at EQUAL -1)
                    set(_found ON)
                    break()
                endif()
            endforeach()
            if(NOT _found)
                list(APPEND _problems "${_source}: cites ${_doc}, \"${_heading}\": no such heading")
            endif()
            math(EXPR _cited_count "${_cited_count} + 1")
        endforeach()
    endforeach()
endforeach()
if(_problems)
    list(JOIN _problems "\n  " _text)
    message(FATAL_ERROR "Dead citations:\n  ${_text}")
endif()
if(_cited_count LESS 50)
    message(FATAL_ERROR "only ${_cited_count} citations found: the pattern no longer matches the sources")
endif()
message(STATUS "${_cited_count} citations of a document's section, all alive")
