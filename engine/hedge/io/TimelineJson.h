// Internal to hedge/io: a timeline scenario's "timeline" object (docs/timeline.md, "Timeline
// scenario"), read and written.
#pragma once

#include "JsonDetail.h"

#include <hedge/Timeline.h>

#include <string>

namespace hedge::io_detail {

Timeline readTimeline(const Json& value, const std::string& path);
OrderedJson timelineToJson(const Timeline& t);

} // namespace hedge::io_detail
