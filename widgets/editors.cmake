# The explorer's editor widgets, added to the charts owner's hedge_widgets target (this file
# is included from widgets/CMakeLists.txt).
target_sources(hedge_widgets PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/SetupListWidget.h
    ${CMAKE_CURRENT_LIST_DIR}/SetupListWidget.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SetupEditor.h
    ${CMAKE_CURRENT_LIST_DIR}/SetupEditor.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ServiceRunEditor.h
    ${CMAKE_CURRENT_LIST_DIR}/ServiceRunEditor.cpp
    ${CMAKE_CURRENT_LIST_DIR}/PresetExplanation.h
    ${CMAKE_CURRENT_LIST_DIR}/PresetExplanation.cpp)
