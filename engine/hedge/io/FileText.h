// Reading a whole file, from the disk or from the program's own files (ShippedFiles.h): what
// the readers of scenarios, results, lessons and measurements share. Each reader words its
// own message around the reason this gives.
#pragma once

#include <string>

namespace hedge {

struct FileText {
    std::string bytes;
    // Why the file could not be read ("No such file or directory", "Is a directory", "not
    // one of the program's files"); empty when it was.
    std::string error;

    bool ok() const { return error.empty(); }
};

FileText readFileText(const std::string& path);

} // namespace hedge
