// The lessons Help → Lessons… offers (docs/lessons.md, "Your own lessons"): the shipped ones in
// their teaching order, then the teacher's own, the *.json files of the user lessons folder by
// name. A file is read as `hedgesim lesson check` reads it (readLessonFile): a file with an
// error is listed with that message (FILE:LINE:COLUMN for a syntax error, FILE:LINE: FIELD:
// problem otherwise) and opens nothing.
#pragma once

#include <hedge/io/Lesson.h>

#include <QString>

#include <memory>
#include <vector>

namespace hedge {

class LessonLibrary {
public:
    struct Entry {
        QString path;                         // a Qt resource path for a shipped lesson
        std::shared_ptr<const Lesson> lesson; // none: the file has an error
        QString error;                        // then: lesson check's message
        bool own = false;                     // from the user lessons folder
    };

    // Reads the shipped lessons and the folder's.
    LessonLibrary();

    // The user lessons folder: "lessons" in the platform's application data location
    // (QStandardPaths::AppDataLocation; ~/.local/share/HedgeExplorer/hedge-explorer/lessons on
    // Linux). It need not exist.
    static QString ownFolder();
    // A lesson file as `hedgesim lesson check` reads it: its lesson, or its error.
    static Entry read(const QString& path);

    // Reads the folder again (a file added, changed or removed since); the shipped lessons stay.
    void rereadOwn();
    const std::vector<Entry>& entries() const { return m_entries; }
    // The entry of `path` (as the entry names it), or -1.
    int indexOf(const QString& path) const;
    // The lesson after entry `index` in the list's order that opens (a file with an error is
    // passed over), or -1.
    int nextAfter(int index) const;

private:
    std::vector<Entry> m_entries;
    std::size_t m_shipped = 0;
};

} // namespace hedge
