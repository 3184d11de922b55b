/**
 * The environment for a process that does a burst of heavy work (ffmpeg, the demo catalogue's
 * drawing): the server's, without its fixed glibc thresholds and arenas (decisions 027, 054 and 104). They
 * keep a long-running server's heap small, but in a process that decodes and encodes large
 * images and video they make large buffers fresh mappings: drawing six demo wallpapers took 57 s
 * with decision 027's threshold of 128 KB and 12 s without.
 */
export function workProcessEnv(): NodeJS.ProcessEnv {
  const {
    MALLOC_MMAP_THRESHOLD_: _mmapServerOnly,
    MALLOC_TRIM_THRESHOLD_: _trimServerOnly,
    MALLOC_ARENA_MAX: _arenasServerOnly,
    ...env
  } = process.env;
  return env;
}
