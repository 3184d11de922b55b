/**
 * The environment for a process that does a burst of heavy work (ffmpeg, the demo catalogue's
 * drawing): the server's, without its fixed glibc mmap threshold (decision 027). The threshold
 * keeps a long-running server's heap small, but in a process that decodes and encodes large
 * images and video it makes every large buffer a fresh mapping: drawing six demo wallpapers took
 * 57 s with it and 12 s without.
 */
export function workProcessEnv(): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _serverOnly, ...env } = process.env;
  return env;
}
