#!/bin/sh
# Texts by known authors for bench/authorship (issue 18), from Debian packages of public-domain and free texts:
#   r-cran-janeaustenr  Jane Austen's six novels        r-cran-tokenizers  Herman Melville, Moby-Dick
#   dict-devil          Ambrose Bierce, The Devil's Dictionary
#   jargon-text         Eric S. Raymond (ed.), The Jargon File
#   gnu-standards       the GNU Coding Standards and Information for Maintainers (FSF)
# Installs what is missing (as root, apt-get), then writes one file per work, AUTHOR--WORK.txt, to $1.
set -eu
out="${1:?usage: prepare.sh OUTPUT_DIR}"
mkdir -p "$out"
need=""
[ -d /usr/lib/R/site-library/janeaustenr ] || need="$need r-cran-janeaustenr"
[ -d /usr/lib/R/site-library/tokenizers ] || need="$need r-cran-tokenizers"
[ -f /usr/share/dictd/devil.dict.dz ] || need="$need dict-devil"
[ -f /usr/share/doc/jargon-text/jargon.txt.gz ] || need="$need jargon-text"
[ -f /usr/share/info/standards.info.gz ] || need="$need gnu-standards"
if [ -n "$need" ]; then
  if [ "$(id -u)" != 0 ]; then echo "bench:authorship needs these Debian packages:$need (apt-get install as root)" >&2; exit 1; fi
  apt-get install -y --no-install-recommends $need >/dev/null || { apt-get update >/dev/null && apt-get install -y --no-install-recommends $need >/dev/null; }
fi
cd "$out"
Rscript -e 'library(janeaustenr); b <- austen_books(); for (t in unique(as.character(b$book))) writeLines(b$text[b$book == t], paste0("austen--", gsub("[^A-Za-z]+", "_", t), ".txt")); library(tokenizers); writeLines(mobydick, "melville--Moby_Dick.txt")' >/dev/null
zcat /usr/share/dictd/devil.dict.dz > bierce--Devils_Dictionary.txt
zcat /usr/share/doc/jargon-text/jargon.txt.gz > raymond--Jargon_File.txt
{ zcat /usr/share/info/standards.info.gz; zcat /usr/share/info/maintain.info.gz; } > gnu--Standards_and_Maintainers.txt
ls "$out"
