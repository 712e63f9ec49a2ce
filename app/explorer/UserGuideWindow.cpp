#include "UserGuideWindow.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace hedge {

UserGuideWindow::UserGuideWindow(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Hedge Explorer User Guide"));
    setObjectName(QStringLiteral("userGuide"));
    m_browser = new QTextBrowser(this);
    // Links inside the guide jump to its sections; nothing leaves the program.
    m_browser->setOpenExternalLinks(false);
    m_browser->setSource(QUrl(sourceUrl()));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(720, 640);
}

QString UserGuideWindow::sourceUrl()
{
    return QStringLiteral("qrc:/help/user-guide.html");
}

} // namespace hedge
