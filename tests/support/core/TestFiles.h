// Files a test writes and reads back.
#pragma once

#include <QByteArray>
#include <QString>

#include <string>

class QTemporaryDir;

namespace hedge::test {

// The bytes of `path`; empty when it cannot be read (the test's comparison then fails).
QByteArray readAll(const QString& path);
// Writes `bytes` to `path` (replacing it); stops the test program when it cannot.
void writeFile(const QString& path, const QByteArray& bytes);
// Writes `text` to `name` in `dir`: its path.
QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text);

} // namespace hedge::test
