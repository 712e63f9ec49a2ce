# Installation layout and the Debian package. Included last by the top-level CMakeLists, so
# the program targets already exist when they are going to exist at all.
#
#   cmake --build build --target package   ->  build/hedge-explorer_<version>_<arch>.deb
#
# The version is the top-level project(... VERSION ...); nothing here repeats it.

include(GNUInstallDirs)

set(HEDGE_APP_ID io.github.hedgeexplorer.HedgeExplorer)
# Must equal the metainfo's <url type="homepage"> (the packaging test compares them).
set(HEDGE_HOMEPAGE_URL "https://github.com/hedgeexplorer/hedge-explorer")
set(HEDGE_PACKAGE_MAINTAINER "Hedge Explorer maintainers <hedge-explorer@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package")

set(_pkg_src ${CMAKE_CURRENT_LIST_DIR})
set(_pkg_bin ${CMAKE_CURRENT_BINARY_DIR}/packaging)
set(_icons_src ${PROJECT_SOURCE_DIR}/resources/icons/hicolor)
set(_docdir ${CMAKE_INSTALL_DATAROOTDIR}/doc/hedge-explorer)
set(_package_problems "")

# --- Programs ----------------------------------------------------------------------------
# All link only system shared libraries (Qt, QCoro; the engine and widgets are static), so
# the installed binaries carry no RPATH: CMake drops the build-tree RUNPATH on install when
# INSTALL_RPATH is empty, which is set explicitly here in case a directory sets a default.
foreach(_program hedge-explorer hedgesim hedge-service)
    if(TARGET ${_program})
        set_target_properties(${_program} PROPERTIES INSTALL_RPATH "")
        install(TARGETS ${_program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    else()
        list(APPEND _package_problems "target ${_program} does not exist")
    endif()
endforeach()

# --- Desktop integration -----------------------------------------------------------------
install(FILES ${_pkg_src}/${HEDGE_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/applications)
install(FILES ${_pkg_src}/${HEDGE_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/metainfo)
install(FILES ${_icons_src}/scalable/apps/${HEDGE_APP_ID}.svg
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/scalable/apps)
# The PNGs are rendered once from the SVG by packaging/render-icons.sh and committed, so the
# build needs no SVG renderer.
foreach(_size 16 32 48 64 128 256)
    install(FILES ${_icons_src}/${_size}x${_size}/apps/${HEDGE_APP_ID}.png
            DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/${_size}x${_size}/apps)
endforeach()

# A new version needs its own <release> entry (with its notes) in the metainfo.
file(READ ${_pkg_src}/${HEDGE_APP_ID}.metainfo.xml _metainfo)
string(REGEX MATCH "<release version=\"([^\"]+)\"" _ "${_metainfo}")
if(NOT CMAKE_MATCH_1 STREQUAL PROJECT_VERSION)
    list(APPEND _package_problems "the newest <release> in packaging/${HEDGE_APP_ID}.metainfo.xml \
is '${CMAKE_MATCH_1}', not the project version ${PROJECT_VERSION}: add a release entry for it")
endif()

# --- Man pages ---------------------------------------------------------------------------
# The version in the page header is substituted here; gzip -n leaves the name and time out of
# the archive so that two builds of the same sources give the same package.
find_program(HEDGE_GZIP gzip)
if(HEDGE_GZIP)
    set(_man_pages "")
    foreach(_page hedgesim hedge-explorer hedge-service)
        configure_file(${_pkg_src}/${_page}.1 ${_pkg_bin}/man/${_page}.1 @ONLY)
        add_custom_command(OUTPUT ${_pkg_bin}/man/${_page}.1.gz
            COMMAND ${HEDGE_GZIP} -n -9 -f -k ${_page}.1
            WORKING_DIRECTORY ${_pkg_bin}/man
            DEPENDS ${_pkg_bin}/man/${_page}.1
            COMMENT "Compressing man page ${_page}.1"
            VERBATIM)
        list(APPEND _man_pages ${_pkg_bin}/man/${_page}.1.gz)
    endforeach()
    add_custom_target(hedge_man_pages ALL DEPENDS ${_man_pages})
    install(FILES ${_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
    list(APPEND _package_problems "gzip was not found (needed for the man pages)")
endif()

# --- Documentation -----------------------------------------------------------------------
install(FILES ${_pkg_src}/copyright DESTINATION ${_docdir})
if(EXISTS ${PROJECT_SOURCE_DIR}/README.md)
    install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${_docdir})
else()
    list(APPEND _package_problems "README.md does not exist")
endif()
# The project's documentation, side by side with the README: the man pages, the help texts,
# the built-in user guide and the About dialog cite these files by their installed path
# (/usr/share/doc/hedge-explorer/model.md, ...), and their links to each other hold there.
# The cluster recipes keep their folder; the reference confirmation's scenario is what
# `hedgesim confirm` is shown running in hedgesim(1); docs/realclock.md links the retries'.
file(GLOB _docs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
if(_docs)
    install(FILES ${_docs} ${PROJECT_SOURCE_DIR}/CHANGELOG.md
                  ${PROJECT_SOURCE_DIR}/docs/confirmation.scenario.json
                  ${PROJECT_SOURCE_DIR}/docs/confirmation.reference.csv
                  ${PROJECT_SOURCE_DIR}/docs/retries-confirmation.scenario.json
            DESTINATION ${_docdir})
else()
    list(APPEND _package_problems "docs/*.md does not exist")
endif()
file(GLOB _cluster_docs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/cluster/*)
install(FILES ${_cluster_docs} DESTINATION ${_docdir}/cluster)
# The bimodal-cache preset's measurements, to try Service → From Measurements… on
# (docs/service-data.md).
install(FILES ${PROJECT_SOURCE_DIR}/resources/services/bimodal-cache.csv
        DESTINATION ${_docdir}/examples)

# --- The Debian package ------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hedge-explorer)
set(CPACK_PACKAGE_VENDOR "The Hedge Explorer authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Line breaks are kept by CPack (Debian wants lines under 80 columns; an empty line is " .").
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Hedging sends a second copy of a slow request and takes whichever answer"
    "comes first. It can cut a service's tail latency, or, at high load, flood"
    "the service with duplicate work until it collapses. Hedge Explorer"
    "simulates a shared service (workers behind one FIFO queue, open-loop load)"
    "and shows what each client setup does to its latency and to the work that"
    "reaches the server: hedge delay, maximum attempts, a hedge budget, an"
    "adaptive concurrency limit (Gradient2) and how far cancellation reaches."
    ""
    "This package contains the desktop program hedge-explorer, with live charts"
    "of p99 latency and requests per call against load, and the command-line"
    "simulator hedgesim, which gives the same numbers from the same scenario"
    "file.")
set(CPACK_PACKAGE_CONTACT "${HEDGE_PACKAGE_MAINTAINER}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HEDGE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${HEDGE_HOMEPAGE_URL}")
# The libraries come from dpkg-shlibdeps (needs dpkg-dev and file). Qt's platform plugins are
# loaded at run time, not linked, so dpkg-shlibdeps cannot see them: qt6-qpa-plugins is named
# by hand (the team's toolchain notes require it; libqt6gui6 only recommends it, and
# --no-install-recommends would skip it). On Debian 12 the xcb and offscreen plugins ship in
# libqt6gui6 itself; the Wayland one is in qt6-wayland, without which Qt falls back to X11.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_SOURCE_GENERATOR TXZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "\\\\.user$")

foreach(_tool dpkg-deb dpkg-shlibdeps file)
    find_program(_found_${_tool} ${_tool})
    if(NOT _found_${_tool})
        list(APPEND _package_problems "${_tool} was not found (install dpkg-dev and file)")
    endif()
endforeach()

# Configuring must work while the programs are still being written, so problems are only
# warnings here; building the package (cpack) refuses to make an incomplete one.
if(_package_problems)
    list(JOIN _package_problems "\n  " _problem_text)
    message(WARNING "The Debian package cannot be built yet:\n  ${_problem_text}")
endif()
set(CPACK_HEDGE_PACKAGE_PROBLEMS "${_package_problems}")
set(CPACK_PROJECT_CONFIG_FILE ${_pkg_src}/CPackProjectConfig.cmake)

include(CPack)
