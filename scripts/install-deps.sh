#!/bin/sh
# Installs what building, testing and packaging Hedge Explorer need on Debian 12 (as root).
set -e
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake ninja-build dpkg-dev file time \
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev qcoro-qt6-dev \
    libxkbcommon-dev qt6-qpa-plugins fonts-dejavu-core \
    libboost-dev nlohmann-json3-dev libyaml-cpp-dev zlib1g-dev libbenchmark-dev \
    desktop-file-utils appstream man-db \
    clang libclang-rt-14-dev lld >/dev/null
