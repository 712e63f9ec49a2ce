// Asks which chart to export, in which format, and for PNG the size and the scale.
#pragma once

#include <QDialog>
#include <QSize>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QWidget;

namespace hedge {

class ExportChartDialog : public QDialog {
    Q_OBJECT
public:
    enum class Format { Png, Svg, Pdf };

    // `charts` are the titles of the charts that can be exported; `current` is preselected.
    ExportChartDialog(const QStringList& charts, int current, QSize size,
                      QWidget* parent = nullptr);

    int chartIndex() const;
    Format format() const;
    QSize size() const;
    qreal scale() const;

    static QString suffix(Format format);
    static QString filter(Format format);

private:
    void updateEnabled();

    QComboBox* m_chart = nullptr;
    QComboBox* m_format = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QDoubleSpinBox* m_scale = nullptr;
};

} // namespace hedge
