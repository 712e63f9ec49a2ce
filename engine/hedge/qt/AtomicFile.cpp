#include <hedge/qt/AtomicFile.h>

#include <QSaveFile>
#include <QString>

namespace hedge {

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    const auto failure = [&path](const QSaveFile& file) {
        return "cannot write " + path + ": " + file.errorString().toStdString();
    };
    if (path.empty())
        return std::string("cannot write a file without a name");
    QSaveFile file(QString::fromStdString(path));
    // No direct-write fallback: a target we cannot replace atomically is an error.
    file.setDirectWriteFallback(false);
    if (!file.open(QIODevice::WriteOnly))
        return failure(file);
    const auto size = static_cast<qint64>(bytes.size());
    if (file.write(bytes.data(), size) != size) {
        std::string message = failure(file);
        file.cancelWriting();
        return message;
    }
    if (!file.commit())
        return failure(file);
    return std::nullopt;
}

} // namespace hedge
