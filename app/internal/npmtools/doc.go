// Package npmtools installs the pinned npm packages that the tests run (a
// real WebTorrent tracker and Nostr relay, axe-core, puppeteer-core for
// Firefox), each set into a directory of its own, once per machine, and
// safely when several test processes ask at the same time.
//
// A set is installed into a temporary directory and renamed into place
// only once npm has finished and every package is there at its version,
// under a lock that other test processes wait on: a process that finds the
// directory finds it whole. (Two test binaries installing into one
// node_modules at once left a tree with a dependency missing, which every
// later run then failed on, since the top-level packages were there.)
//
// Only tests import it.
package npmtools
