// The marker images of the special points: drawn large, in a setup's colour with a halo in
// the background colour, and scaled down by Qt Charts (crisp on high-DPI screens).
#pragma once

#include <QColor>
#include <QImage>

namespace hedge {

// The size Qt Charts draws every marker at, in pixels.
inline constexpr double kCollapseMarkerSize = 15.0;
// The off-scale markers' image is twice as tall as its triangle: centred on the plot's top
// edge, the triangle hangs under it, whole, its tip on the edge (an arrow out of the plot).
inline constexpr double kOffScaleMarkerSize = 26.0;

// A collapsed point within the axis: an X.
QImage collapseMarkerImage(const QColor& colour, const QColor& halo);
// A collapsed point whose figure is above the axis: an up-pointing triangle whose tip is the
// image's centre (drawn on the plot's top edge, kOffScaleMarkerSize).
QImage offScaleMarkerImage(const QColor& colour, const QColor& halo);

// A point that collapsed in some of its replicates but not in all: a circle filled on its
// left half, the collapse a matter of chance.
QImage partialCollapseMarkerImage(const QColor& colour, const QColor& halo);
// The same above the axis's ceiling: the up-pointing triangle, filled on its left half only,
// so that a partial collapse looks partial on every chart.
QImage partialOffScaleMarkerImage(const QColor& colour, const QColor& halo);

// A measured point from an overlaid results file: a hollow diamond, so the simulated point
// under it stays visible.
QImage measuredMarkerImage(const QColor& colour, const QColor& halo);

} // namespace hedge
