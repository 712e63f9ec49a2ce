// Help → User Guide (one window, kept open beside the main window) and About Hedge Explorer.
#pragma once

#include <QObject>

class QWidget;

namespace hedge {

class MainActions;
class UserGuideWindow;

class HelpController : public QObject {
    Q_OBJECT
public:
    HelpController(MainActions* actions, QWidget* window);

    void showUserGuide();
    void about();

private:
    QWidget* m_window;
    UserGuideWindow* m_userGuide = nullptr;
};

} // namespace hedge
