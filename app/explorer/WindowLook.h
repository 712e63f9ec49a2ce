// The window's look, the user's and not the scenario's (never an undo step): View → Dark
// Palette (remembered between sessions) and View → Presenter Mode (F11; docs/user-guide.md,
// "Presenter mode", part of the window's session): the window full screen,
// the charts', the Live view's, the map's and the explanation's text 1.6 times as large, the
// editors and the table hidden (the setup list stays: it hides and shows setups), a legend on
// each chart, thick lines in the presenter palette (AppPalette.h, presenterStyles()) and the
// Live view reduced to p99 and requests per call. Leaving puts back the window's geometry,
// panes, fonts, palette and panels as they were. File → Export Slide… writes the view shown as
// a 1920 × 1080 slide (SlideExport.h). Nothing of it is an edit of the document: the colours
// saved stay the user's.
#pragma once

#include "LessonPanel.h"
#include "SeriesStyle.h"

#include <QByteArray>
#include <QFont>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>

#include <optional>

class QMainWindow;
class QSettings;
class QTabWidget;
class QWidget;

namespace hedge {

class ChartArea;
class LiveView;
class MainActions;
class MapTab;
class MapView;
class PresetExplanation;
class ScenarioDocument;
class WindowPanes;

class WindowLook : public QObject {
    Q_OBJECT
public:
    struct Parts {
        QMainWindow* window;
        MainActions* actions;
        WindowPanes* panes;
        QTabWidget* views; // Sweep, Live
        ChartArea* charts;
        LiveView* live;
        MapTab* mapTab;
        MapView* map;
        PresetExplanation* explanation;
        const ScenarioDocument* document;
    };
    WindowLook(const Parts& parts, QObject* parent);

    // The palette `name` (AppPalette.h) for this run, as --palette asks: View → Dark Palette
    // shows it, the remembered choice stays.
    void usePalette(const QString& name);

    bool isOn() const { return m_on; } // presenting
    void setOn(bool on);

    // What the charts draw of the user's `styles`: while presenting, the shown setups alone (so
    // that the legend names only what is drawn) in the presenter palette; else `styles`.
    QList<SeriesStyle> chartStyles(const QList<SeriesStyle>& styles) const;
    // The Live view's: every world keeps its place (styles[i] is world i's).
    QList<SeriesStyle> liveStyles(const QList<SeriesStyle>& styles) const;

    // The view shown (the curves, the map or the Live view) as a slide: PNG, or SVG for a
    // .svg path. Its title is the lesson's while a lesson step is shown, else the preset's (or
    // the scenario's name); its caption `callout`, else the step's sentence, else the
    // explanation's first sentence. The error, or nothing.
    std::optional<QString> exportSlide(const QString& path, const QString& callout = {}) const;
    void exportSlideDialog();

    // Presenter mode is part of the window's session.
    void restoreState(const QSettings& settings);
    void saveState(QSettings& settings) const;

signals:
    // The look changed: the window gives the charts their styles again.
    void lookChanged();
    void failed(const QString& title, const QString& error);
    void message(const QString& text, int timeoutMs);

private:
    void enter();
    void leave();
    QString slideTitle() const;
    // The lesson step shown, if any (LessonPanel::slideText).
    std::optional<LessonPanel::SlideText> lessonSlide() const;

    Parts m_parts;
    bool m_on = false;
    // What entering changed, to be put back.
    QByteArray m_geometry;
    Qt::WindowStates m_windowState;
    QString m_palette;
    QList<QPair<QPointer<QWidget>, std::optional<QFont>>> m_fonts; // a widget's own font, if any
    int m_explanationMinWidth = 0;
};

} // namespace hedge
