#include "AppPalette.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace hedge {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8a, 0x8a));
    p.setColor(QPalette::Mid, QColor(0x45, 0x47, 0x4a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x50, 0x52, 0x55));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7a, 0x7a));
    return p;
}

// The most contrast a projector keeps: black text on white, a strong blue for selections.
QPalette presenterWindowPalette()
{
    QPalette p = QApplication::style()->standardPalette();
    for (auto role : {QPalette::Base, QPalette::Window, QPalette::Button, QPalette::ToolTipBase})
        p.setColor(role, Qt::white);
    for (auto role :
         {QPalette::Text, QPalette::WindowText, QPalette::ButtonText, QPalette::ToolTipText})
        p.setColor(role, Qt::black);
    p.setColor(QPalette::AlternateBase, QColor(0xf0, 0xf0, 0xf0));
    p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

// What the desktop gave the application, taken before the first palette replaces it.
struct DesktopLook {
    QString style = QApplication::style()->name();
    QPalette palette = QApplication::palette();
};

const QString kPaletteKey = QStringLiteral("view/palette");
QString g_applied = QStringLiteral("desktop"); // the GUI thread's alone

} // namespace

bool applyPalette(const QString& name)
{
    const QStringList names{QStringLiteral("dark"), QStringLiteral("light"),
                            QStringLiteral("presenter"), QStringLiteral("desktop")};
    if (!names.contains(name))
        return false;
    static const DesktopLook desktop;
    g_applied = name;
    if (name == QLatin1String("desktop")) {
        QApplication::setStyle(QStyleFactory::create(desktop.style));
        QApplication::setPalette(desktop.palette);
        return true;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (name == QLatin1String("dark"))
        QApplication::setPalette(darkPalette());
    else if (name == QLatin1String("presenter"))
        QApplication::setPalette(presenterWindowPalette());
    else
        QApplication::setPalette(QApplication::style()->standardPalette());
    return true;
}

QString rememberedPalette()
{
    return QSettings().value(kPaletteKey).toString() == QLatin1String("dark")
               ? QStringLiteral("dark")
               : QStringLiteral("desktop");
}

void rememberPalette(const QString& name)
{
    QSettings().setValue(kPaletteKey, name);
}

QString appliedPalette()
{
    return g_applied;
}

} // namespace hedge
