// Help → User Guide (F1): the offline guide compiled into the program (resources/help), in a
// window of its own that stays open beside the main window while the user tries things.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace hedge {

class UserGuideWindow : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }

    // Where the guide is compiled in.
    static QString sourceUrl();

private:
    QTextBrowser* m_browser = nullptr;
};

} // namespace hedge
