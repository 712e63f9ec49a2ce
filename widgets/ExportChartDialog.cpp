#include "ExportChartDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace hedge {

ExportChartDialog::ExportChartDialog(const QStringList& charts, int current, QSize size,
                                     QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Chart"));
    m_chart = new QComboBox(this);
    m_chart->addItems(charts);
    m_chart->setCurrentIndex(current);
    m_format = new QComboBox(this);
    m_format->addItem(tr("PNG image"));
    m_format->addItem(tr("SVG drawing"));
    m_format->addItem(tr("PDF document"));
    m_width = new QSpinBox(this);
    m_width->setRange(200, 8000);
    m_width->setSuffix(tr(" px"));
    m_width->setValue(size.width());
    m_height = new QSpinBox(this);
    m_height->setRange(150, 8000);
    m_height->setSuffix(tr(" px"));
    m_height->setValue(size.height());
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.5, 4.0);
    m_scale->setSingleStep(0.5);
    m_scale->setDecimals(1);
    m_scale->setValue(2.0);
    m_scale->setSuffix(QStringLiteral(" ×"));
    m_scale->setToolTip(tr("Pixels per layout pixel: 2 × gives a sharp image on high-DPI screens "
                           "and in print."));

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Chart:"), m_chart);
    form->addRow(tr("&Format:"), m_format);
    // A row of two fields gets no buddy from QFormLayout, and a label without one shows its
    // "&" as typed: Alt+S goes to the width.
    auto* sizeLabel = new QLabel(tr("&Size:"), this);
    sizeLabel->setBuddy(m_width);
    form->addRow(sizeLabel, sizeRow);
    form->addRow(tr("S&cale:"), m_scale);
    form->addRow(buttons);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportChartDialog::updateEnabled);
    updateEnabled();
}

int ExportChartDialog::chartIndex() const
{
    return m_chart->currentIndex();
}

ExportChartDialog::Format ExportChartDialog::format() const
{
    return static_cast<Format>(m_format->currentIndex());
}

QSize ExportChartDialog::size() const
{
    return {m_width->value(), m_height->value()};
}

qreal ExportChartDialog::scale() const
{
    return m_scale->value();
}

QString ExportChartDialog::suffix(Format format)
{
    switch (format) {
    case Format::Png:
        return QStringLiteral("png");
    case Format::Svg:
        return QStringLiteral("svg");
    case Format::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

QString ExportChartDialog::filter(Format format)
{
    switch (format) {
    case Format::Png:
        return tr("PNG images (*.png)");
    case Format::Svg:
        return tr("SVG drawings (*.svg)");
    case Format::Pdf:
        return tr("PDF documents (*.pdf)");
    }
    return {};
}

void ExportChartDialog::updateEnabled()
{
    // SVG takes a layout size but no scale; PDF takes the chart as on screen.
    const Format f = format();
    m_width->setEnabled(f != Format::Pdf);
    m_height->setEnabled(f != Format::Pdf);
    m_scale->setEnabled(f == Format::Png);
}

} // namespace hedge
