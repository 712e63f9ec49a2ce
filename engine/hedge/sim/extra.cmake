# Engine sources added by the explorer's owner (included from this folder's CMakeLists.txt).
target_sources(hedge_engine PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/ServiceTimeQuantiles.h
    ${CMAKE_CURRENT_LIST_DIR}/ServiceTimeQuantiles.cpp)
