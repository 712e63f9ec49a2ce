#include "LessonLibrary.h"

#include <hedge/io/ScenarioError.h>
#include <hedge/io/ShippedLessons.h>

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace hedge {

LessonLibrary::LessonLibrary()
{
    for (const std::string& file : shippedLessonFiles()) {
        Entry entry = read(QString::fromStdString(file));
        if (entry.lesson) // tst_shippedlessons fails first: not offered
            m_entries.push_back(std::move(entry));
        else
            qWarning("%s", qPrintable(entry.error));
    }
    m_shipped = m_entries.size();
    rereadOwn();
}

QString LessonLibrary::ownFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/lessons");
}

LessonLibrary::Entry LessonLibrary::read(const QString& path)
{
    Entry entry;
    // A file's path as the folder's listing names it: the lesson in progress is found again.
    entry.path = path.startsWith(QLatin1Char(':')) ? path : QFileInfo(path).absoluteFilePath();
    try {
        entry.lesson = std::make_shared<const Lesson>(readLessonFile(path.toStdString()));
    } catch (const ScenarioError& e) {
        entry.error = QString::fromStdString(e.what());
    }
    return entry;
}

void LessonLibrary::rereadOwn()
{
    m_entries.resize(m_shipped);
    const QDir folder(ownFolder());
    const QStringList files =
        folder.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString& file : files) {
        Entry entry = read(folder.filePath(file));
        entry.own = true;
        m_entries.push_back(std::move(entry));
    }
}

int LessonLibrary::indexOf(const QString& path) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].path == path)
            return int(i);
    return -1;
}

int LessonLibrary::nextAfter(int index) const
{
    if (index < 0)
        return -1;
    for (std::size_t i = std::size_t(index) + 1; i < m_entries.size(); ++i)
        if (m_entries[i].lesson)
            return int(i);
    return -1;
}

} // namespace hedge
