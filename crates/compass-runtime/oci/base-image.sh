#!/bin/sh
# The agent base image's root filesystem, from Debian's packages (no
# registry): a Debian root with git, node, curl and CA certificates, written as a
# tarball to $1. The OCI backend's default image is tagged with a hash of
# this file (`compass_runtime::oci::image::DEFAULT_IMAGE`), so editing the
# recipe names a new image; scripts/oci-setup builds and imports it.
#
# The Compass binaries an agent runs (the daemon's executable dir) are
# host-built against bookworm's glibc and are mounted read-only at
# /opt/compass/bin; the suite matches the host's for that reason.
set -eu
out=$1
mirror=${2:-http://deb.debian.org/debian}
# Reproducible tarball: fixed timestamps, no docs, manuals or locales. No
# /root and no shadow files: like the sandbox, an agent sees no home but its own.
export SOURCE_DATE_EPOCH=1735689600
exec mmdebstrap --quiet --variant=essential \
  --include=git,nodejs,ca-certificates,curl \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook='mkdir -p "$1/home/agent" "$1/work" "$1/run/compass" "$1/opt/compass"' \
  --customize-hook='rm -rf "$1/root"' \
  --customize-hook='rm -f "$1/etc/shadow" "$1/etc/gshadow" "$1/etc/shadow-" "$1/etc/gshadow-"' \
  bookworm "$out" "$mirror"
