# No widget starts a thread or runs a simulation (engine/README.md, "Background work"):
# the window's sources (widgets/, app/explorer/) name no thread type and call no engine run;
# the one BackgroundRunner is made in MainWindow.cpp and handed to the controllers.
# (app/hedgesim and app/service are command-line programs: they run simulations and serve on
# threads of their own by design.)
# Usage: cmake -DSOURCE_DIR=<repository> -P tst_nowidgetthreads.cmake
set(forbidden
    "std::j?thread[^_a-zA-Z]|QThread|QtConcurrent|std::async|pthread_create"
    "runTimeline\\(|fitService\\(|calibrateService\\(|LoadSweep[ (]|Advisor\\(|runSeedCheck\\(|SweepResults::run\\(")
file(GLOB_RECURSE sources ${SOURCE_DIR}/widgets/*.h ${SOURCE_DIR}/widgets/*.cpp
     ${SOURCE_DIR}/app/explorer/*.h ${SOURCE_DIR}/app/explorer/*.cpp)
list(LENGTH sources count)
if(count LESS 50)
    message(FATAL_ERROR "only ${count} sources found under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()
set(failures "")
set(runners "")
foreach(source IN LISTS sources)
    file(STRINGS ${source} lines)
    set(number 0)
    foreach(line IN LISTS lines)
        math(EXPR number "${number} + 1")
        if(line MATCHES "^[ \t]*//")
            continue() # a comment may name them
        endif()
        foreach(pattern IN LISTS forbidden)
            if(line MATCHES "${pattern}")
                string(APPEND failures "\n  ${source}:${number}: ${line}")
            endif()
        endforeach()
        # A runner made: `new BackgroundRunner`, or a member/variable of the type itself.
        if(line MATCHES "new BackgroundRunner|BackgroundRunner [a-zA-Z_]+[;({]")
            list(APPEND runners "${source}:${number}")
        endif()
    endforeach()
endforeach()
list(LENGTH runners runnerCount)
if(NOT runnerCount EQUAL 1 OR NOT runners MATCHES "app/explorer/MainWindow.cpp:")
    string(APPEND failures "\n  BackgroundRunner made ${runnerCount} times (one, in "
                           "app/explorer/MainWindow.cpp, is the rule): ${runners}")
endif()
if(failures)
    message(FATAL_ERROR "threads or simulations in the window's sources:${failures}")
endif()
message(STATUS "${count} sources: no thread, no simulation, one runner (${runners})")
