# The engine's layers (engine/CMakeLists.txt, engine/README.md "Layers"), checked from the
# sources and the targets: each layer includes only what is below it.
#   core      engine/hedge/{., policy, sim, topology, service, advise, io}: no Qt, nothing above
#   qt        engine/hedge/qt: Qt Core only, nothing of the document layer or above
#   document  engine/hedge/{document, run}: no widgets, nothing of widgets/ or app/
#   widgets   widgets/: nothing of app/
# Run by ctest (tests/CMakeLists.txt) as
#   cmake -DSOURCE_DIR=... -DCORE_LINKS=... -P CheckLayers.cmake
# CORE_LINKS: what hedge_core links (its LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES).
set(_problems "")

function(_check_folder folder pattern layer)
    file(GLOB _files ${SOURCE_DIR}/${folder}/*.h ${SOURCE_DIR}/${folder}/*.cpp)
    foreach(_file IN LISTS _files)
        file(STRINGS ${_file} _includes REGEX "^[ \t]*#[ \t]*include")
        set(_number 0)
        foreach(_line IN LISTS _includes)
            if(_line MATCHES "${pattern}")
                file(RELATIVE_PATH _rel ${SOURCE_DIR} ${_file})
                string(STRIP "${_line}" _line)
                list(APPEND _problems "${_rel}: ${_line} (the ${layer} layer may not include it)")
            endif()
        endforeach()
    endforeach()
    set(_problems ${_problems} PARENT_SCOPE)
endfunction()

# Above the core: Qt, QCoro and the layers' own folders.
set(_above_core "<(Q|qcoro|QCoro)|<hedge/(qt|run|document)/")
foreach(_folder engine/hedge engine/hedge/policy engine/hedge/sim engine/hedge/topology
        engine/hedge/service engine/hedge/advise engine/hedge/io)
    _check_folder(${_folder} "${_above_core}" core)
endforeach()
# Qt Gui and Widgets classes (the document layer's undo stack is the Gui module's).
set(_widget_headers "<Q(t?Widgets|t?Charts|Widget|Dialog|MainWindow|Chart|Abstract(Button|ItemView|Slider|SpinBox)|Application|Label|Layout|PushButton|LineEdit|ComboBox|Menu|Action)")
_check_folder(engine/hedge/qt "<hedge/(run|document)/|<QtGui|<QUndo|${_widget_headers}" qt)
# The widgets' and the window's headers are included by quotes, from their own folders.
foreach(_folder engine/hedge/document engine/hedge/run)
    _check_folder(${_folder} "${_widget_headers}|#[ \t]*include[ \t]+\"" document)
endforeach()
file(GLOB _app_headers RELATIVE ${SOURCE_DIR}/app/explorer ${SOURCE_DIR}/app/explorer/*.h)
list(JOIN _app_headers "|" _app_names)
string(REPLACE "." "\\." _app_names "${_app_names}")
_check_folder(widgets "\"(${_app_names})\"" widgets)

foreach(_library IN LISTS CORE_LINKS)
    if(_library MATCHES "Qt|QCoro")
        list(APPEND _problems "hedge_core links ${_library} (the core links no Qt library)")
    endif()
endforeach()
if(NOT CORE_LINKS)
    list(APPEND _problems "no link libraries of hedge_core were given (CORE_LINKS)")
endif()

if(_problems)
    list(JOIN _problems "\n  " _text)
    message(FATAL_ERROR "The layers are crossed:\n  ${_text}")
endif()
message(STATUS "The layers hold: core, qt, document, widgets")
