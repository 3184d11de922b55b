/**
 * The environment for a process that does a burst of heavy work (ffmpeg, the demo catalogue's
 * drawing): the server's, without its fixed glibc thresholds (decisions 027 and 054). They
 * keep a long-running server's heap small, but in a process that decodes and encodes large
 * images and video they make large buffers fresh mappings: drawing six demo wallpapers took 57 s
 * with decision 027's threshold of 128 KB and 12 s without.
 */
export function workProcessEnv(): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _mmapServerOnly, MALLOC_TRIM_THRESHOLD_: _trimServerOnly, ...env } = process.env;
  return env;
}
