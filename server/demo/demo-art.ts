/**
 * Procedural wallpaper art for the demo catalogue: SVG scenes drawn on a 1440×2560 canvas.
 * Every scene is a pure function of a seed, a palette and a time `t` in [0, 1), so a still,
 * its alternative-palette preview and the frames of a live clip all come from one description.
 */

const W = 1440;
const H = 2560;

export type Theme = 'landscape' | 'minimalistic' | 'anime';

export interface SceneSpec {
  theme: Theme;
  seed: number;
  palette: number;
}

/** Deterministic PRNG (mulberry32): the same seed always draws the same scene. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: () => number, min: number, max: number) => min + rng() * (max - min);
const round = (n: number) => Math.round(n * 10) / 10;

function mix(a: string, b: string, amount: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const channel = (shift: number) => {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    return Math.round(ca + (cb - ca) * amount);
  };
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

function verticalGradient(id: string, stops: readonly string[]): string {
  const parts = stops.map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${parts.join('')}</linearGradient>`;
}

function glow(id: string, color: string): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${color}" stop-opacity="0.35"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

function stars(rng: () => number, count: number, maxY: number, t: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const phase = rng();
    const twinkle = 0.35 + 0.65 * Math.abs(Math.sin((t + phase) * Math.PI * 2));
    out += `<circle cx="${round(rng() * W)}" cy="${round(rng() * maxY)}" r="${round(between(rng, 1.5, 4.5))}" fill="#fff" opacity="${round(twinkle)}"/>`;
  }
  return out;
}

/** A ridge line across the canvas, closed to the bottom edge. */
function ridge(rng: () => number, baseY: number, amplitude: number, peaks: number): string {
  const points: string[] = [`M0 ${H}`, `L0 ${round(baseY)}`];
  const step = W / peaks;
  for (let i = 0; i <= peaks; i++) {
    const x = i * step;
    const peakY = baseY - between(rng, 0.2, 1) * amplitude;
    const valleyY = baseY - between(rng, 0, 0.3) * amplitude;
    points.push(`L${round(x + step * 0.5)} ${round(peakY)}`, `L${round(x + step)} ${round(valleyY)}`);
  }
  points.push(`L${W} ${H}`, 'Z');
  return points.join(' ');
}

// ---------------------------------------------------------------- landscape

const LANDSCAPE_PALETTES = [
  {
    name: 'Dawn',
    sky: ['#1d2b64', '#f8a488', '#fde2c4'],
    sun: '#fff4d6',
    far: '#9c8aa5',
    near: '#2b2540',
    night: false,
  },
  {
    name: 'Sunset',
    sky: ['#2e1437', '#c0392b', '#f39c12'],
    sun: '#ffe08a',
    far: '#7d3c63',
    near: '#1b0f24',
    night: false,
  },
  {
    name: 'Alpine',
    sky: ['#3a7bd5', '#9fd3f5', '#e8f6ff'],
    sun: '#ffffff',
    far: '#8fb3cf',
    near: '#1f3a4d',
    night: false,
  },
  {
    name: 'Midnight',
    sky: ['#020111', '#191970', '#3a3a8c'],
    sun: '#f4f1c9',
    far: '#2f3470',
    near: '#05061a',
    night: true,
  },
  {
    name: 'Desert',
    sky: ['#f6d365', '#fda085', '#fbe3c4'],
    sun: '#fff8e1',
    far: '#d08158',
    near: '#6b3a2a',
    night: false,
  },
  {
    name: 'Aurora',
    sky: ['#00111c', '#003f4f', '#16a085'],
    sun: '#d7fff1',
    far: '#1e4d5c',
    near: '#021418',
    night: true,
  },
] as const;

function landscape(spec: SceneSpec, t: number): string {
  const rng = random(spec.seed);
  const p = LANDSCAPE_PALETTES[spec.palette % LANDSCAPE_PALETTES.length]!;
  const sunX = between(rng, 300, 1140);
  const sunY = between(rng, 700, 1100) - t * 160;
  const sunR = between(rng, 110, 190);
  const layers = 5;
  let mountains = '';
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1);
    const color = mix(p.far, p.near, depth);
    mountains += `<path d="${ridge(rng, 1350 + depth * 900, 520 - depth * 220, 4 + Math.floor(rng() * 4) + i)}" fill="${color}"/>`;
  }
  const drift = t * 120;
  let clouds = '';
  for (let i = 0; i < 4; i++) {
    const cx = ((between(rng, -200, W) + drift * (1 + i * 0.3)) % (W + 400)) - 200;
    const cy = between(rng, 250, 1000);
    clouds += `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(between(rng, 180, 360))}" ry="${round(between(rng, 26, 50))}" fill="#fff" opacity="${p.night ? 0.08 : 0.35}"/>`;
  }
  const aurora =
    p.name === 'Aurora'
      ? `<path d="M-100 ${round(700 + t * 40)} C 400 ${round(450 - t * 80)}, 900 ${round(950 + t * 60)}, 1600 600" stroke="#4cffb0" stroke-width="140" fill="none" opacity="0.28" filter="url(#soft)"/>`
      : '';
  return svg(
    verticalGradient('sky', p.sky) +
      glow('sun', p.sun) +
      '<filter id="soft"><feGaussianBlur stdDeviation="40"/></filter>',
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      (p.night ? stars(rng, 160, 1500, t) : '') +
      aurora +
      `<circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(sunR * 3.2)}" fill="url(#sun)"/>` +
      `<circle cx="${round(sunX)}" cy="${round(sunY)}" r="${round(sunR)}" fill="${p.sun}"/>` +
      clouds +
      mountains,
  );
}

// ------------------------------------------------------------ minimalistic

const MINIMAL_PALETTES = [
  {
    name: 'Dusk',
    sky: ['#141e30', '#243b55', '#f0a57a'],
    moon: '#ffe6c7',
    buildings: ['#1b2336', '#101624'],
    lights: '#ffd27f',
  },
  {
    name: 'Neon',
    sky: ['#0f0c29', '#302b63', '#b0306a'],
    moon: '#ff9ad5',
    buildings: ['#1a1238', '#0c0820'],
    lights: '#6ef3ff',
  },
  {
    name: 'Paper',
    sky: ['#f4ede4', '#efe3d3', '#e8d5bf'],
    moon: '#e76f51',
    buildings: ['#264653', '#2a9d8f'],
    lights: '#e9c46a',
  },
  {
    name: 'Mono',
    sky: ['#eeeeee', '#d9d9d9', '#c4c4c4'],
    moon: '#111111',
    buildings: ['#2d2d2d', '#151515'],
    lights: '#f5f5f5',
  },
  {
    name: 'Sage',
    sky: ['#dfe7d8', '#c7d3bd', '#aebfa2'],
    moon: '#f2cc8f',
    buildings: ['#3d5a40', '#283d2a'],
    lights: '#f4f1de',
  },
] as const;

function skyline(spec: SceneSpec, t: number): string {
  const rng = random(spec.seed);
  const p = MINIMAL_PALETTES[spec.palette % MINIMAL_PALETTES.length]!;
  const horizon = 1750;
  let rows = '';
  for (let row = 0; row < 2; row++) {
    const color = p.buildings[row]!;
    let x = -20;
    while (x < W) {
      const width = between(rng, 90, 220);
      const height = between(rng, 250, 900) * (row === 0 ? 1.15 : 0.8);
      const top = horizon - height + row * 140;
      rows += `<rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="${round(H - top)}" fill="${color}"/>`;
      for (let wy = top + 40; wy < horizon + row * 140 - 30; wy += 58) {
        for (let wx = x + 22; wx < x + width - 30; wx += 44) {
          const lit = rng() < 0.34;
          const flicker = Math.sin((t + rng()) * Math.PI * 2) > -0.6;
          if (lit && flicker) {
            rows += `<rect x="${round(wx)}" y="${round(wy)}" width="16" height="26" fill="${p.lights}" opacity="0.85"/>`;
          }
        }
      }
      x += width + between(rng, 4, 24);
    }
  }
  const moonX = between(rng, 320, 1120);
  const moonY = between(rng, 520, 900);
  let reflections = '';
  for (let y = horizon + 180; y < H; y += 48) {
    const len = between(rng, 80, 420) * (1 + 0.25 * Math.sin((t + y / 300) * Math.PI * 2));
    reflections += `<rect x="${round(moonX - len / 2)}" y="${y}" width="${round(len)}" height="8" rx="4" fill="${p.moon}" opacity="0.35"/>`;
  }
  return svg(
    verticalGradient('sky', p.sky) + glow('moon', p.moon) + verticalGradient('water', [p.buildings[1], p.sky[0]]),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      `<circle cx="${round(moonX)}" cy="${round(moonY)}" r="420" fill="url(#moon)"/>` +
      `<circle cx="${round(moonX)}" cy="${round(moonY)}" r="150" fill="${p.moon}"/>` +
      rows +
      `<rect y="${horizon + 140}" width="${W}" height="${H - horizon - 140}" fill="url(#water)"/>` +
      reflections,
  );
}

function geometry(spec: SceneSpec, t: number): string {
  const rng = random(spec.seed);
  const p = MINIMAL_PALETTES[spec.palette % MINIMAL_PALETTES.length]!;
  const colors = [p.moon, p.buildings[0], p.buildings[1], p.lights];
  const cell = 360;
  let shapes = '';
  for (let gy = 0; gy < H / cell; gy++) {
    for (let gx = 0; gx < W / cell; gx++) {
      const x = gx * cell;
      const y = gy * cell;
      const color = colors[Math.floor(rng() * colors.length)]!;
      const kind = Math.floor(rng() * 5);
      const spin = Math.round(Math.floor(rng() * 4) * 90 + t * 90);
      const transform = `rotate(${spin} ${x + cell / 2} ${y + cell / 2})`;
      if (kind === 0)
        shapes += `<circle cx="${x + cell / 2}" cy="${y + cell / 2}" r="${cell * 0.36}" fill="${color}"/>`;
      else if (kind === 1)
        shapes += `<path d="M${x} ${y + cell} A ${cell} ${cell} 0 0 1 ${x + cell} ${y}" fill="none" stroke="${color}" stroke-width="36" transform="${transform}"/>`;
      else if (kind === 2)
        shapes += `<path d="M${x} ${y} L${x + cell} ${y} L${x} ${y + cell} Z" fill="${color}" transform="${transform}"/>`;
      else if (kind === 3)
        shapes += `<path d="M${x} ${y + cell / 2} A ${cell / 2} ${cell / 2} 0 0 1 ${x + cell} ${y + cell / 2} Z" fill="${color}" transform="${transform}"/>`;
    }
  }
  return svg(
    verticalGradient('sky', p.sky),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><g opacity="0.92">${shapes}</g>`,
  );
}

// ------------------------------------------------------------------- anime

const ANIME_PALETTES = [
  {
    name: 'Golden Hour',
    sky: ['#1e3c72', '#e96443', '#ffcf71'],
    cloud: '#ffe1d1',
    shade: '#f29ca3',
    ground: '#243b2a',
    petal: '#ffc0cb',
    night: false,
  },
  {
    name: 'Summer',
    sky: ['#0b6fd6', '#4fb3ff', '#bfe8ff'],
    cloud: '#ffffff',
    shade: '#c7dcff',
    ground: '#2d6a3e',
    petal: '#ffffff',
    night: false,
  },
  {
    name: 'Starfall',
    sky: ['#05051d', '#2b1a5c', '#a2467a'],
    cloud: '#8a6fb8',
    shade: '#4b3a7a',
    ground: '#0d0a1f',
    petal: '#ff9ecf',
    night: true,
  },
  {
    name: 'Sakura',
    sky: ['#ffb7c5', '#ffd6de', '#fff0e6'],
    cloud: '#ffffff',
    shade: '#ffc2d1',
    ground: '#5a3d55',
    petal: '#ff8fab',
    night: false,
  },
  {
    name: 'Twilight',
    sky: ['#141852', '#6a3093', '#f78ca0'],
    cloud: '#f9c5d1',
    shade: '#b76e9b',
    ground: '#1a1433',
    petal: '#ffd1e8',
    night: true,
  },
] as const;

function cloud(rng: () => number, cx: number, cy: number, scale: number, light: string, shade: string): string {
  let puffs = '';
  for (let i = 0; i < 7; i++) {
    const x = cx + between(rng, -1, 1) * 260 * scale;
    const y = cy + between(rng, -0.5, 0.4) * 110 * scale;
    const r = between(rng, 90, 170) * scale;
    puffs += `<circle cx="${round(x)}" cy="${round(y + r * 0.18)}" r="${round(r)}" fill="${shade}"/><circle cx="${round(x)}" cy="${round(y)}" r="${round(r * 0.94)}" fill="${light}"/>`;
  }
  return `<g opacity="0.95">${puffs}</g>`;
}

function anime(spec: SceneSpec, t: number): string {
  const rng = random(spec.seed);
  const p = ANIME_PALETTES[spec.palette % ANIME_PALETTES.length]!;
  let clouds = '';
  const cloudCount = 3 + Math.floor(rng() * 3);
  for (let i = 0; i < cloudCount; i++) {
    const cx = between(rng, 0, W) + t * 80 * (i % 2 ? 1 : -1);
    clouds += cloud(rng, cx, between(rng, 500, 1500), between(rng, 0.7, 1.4), p.cloud, p.shade);
  }
  const hillTop = between(rng, 1900, 2100);
  const treeX = between(rng, 300, 1100);
  const trunkTop = hillTop - 520;
  let canopy = '';
  for (let i = 0; i < 9; i++) {
    canopy += `<circle cx="${round(treeX + between(rng, -230, 230))}" cy="${round(trunkTop + between(rng, -160, 80))}" r="${round(between(rng, 120, 190))}" fill="${mix(p.petal, p.ground, between(rng, 0.1, 0.45))}"/>`;
  }
  let petals = '';
  for (let i = 0; i < 46; i++) {
    const x = (between(rng, 0, W) + t * 260) % W;
    const y = (between(rng, 0, H) + t * 520) % H;
    petals += `<ellipse cx="${round(x)}" cy="${round(y)}" rx="14" ry="8" fill="${p.petal}" opacity="0.85" transform="rotate(${Math.round(rng() * 180)} ${round(x)} ${round(y)})"/>`;
  }
  const shootingStar = p.night
    ? `<line x1="${round(1200 - t * 700)}" y1="${round(300 + t * 350)}" x2="${round(1420 - t * 700)}" y2="${round(190 + t * 350)}" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.9"/>`
    : '';
  const sunX = between(rng, 250, 1190);
  return svg(
    verticalGradient('sky', p.sky) + glow('sun', p.night ? '#fff7d6' : '#fff3b0'),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      (p.night ? stars(rng, 220, 1800, t) : '') +
      `<circle cx="${round(sunX)}" cy="780" r="520" fill="url(#sun)"/><circle cx="${round(sunX)}" cy="780" r="${p.night ? 170 : 210}" fill="${p.night ? '#fff7d6' : '#fff6c2'}"/>` +
      shootingStar +
      clouds +
      `<path d="M0 ${H} L0 ${round(hillTop + 120)} Q ${W / 2} ${round(hillTop - 260)} ${W} ${round(hillTop + 60)} L${W} ${H} Z" fill="${p.ground}"/>` +
      `<path d="M${round(treeX - 26)} ${round(hillTop)} L${round(treeX - 12)} ${round(trunkTop)} L${round(treeX + 12)} ${round(trunkTop)} L${round(treeX + 26)} ${round(hillTop)} Z" fill="${mix(p.ground, '#000000', 0.3)}"/>` +
      canopy +
      petals,
  );
}

export const PALETTE_COUNT: Record<Theme, number> = {
  landscape: LANDSCAPE_PALETTES.length,
  minimalistic: MINIMAL_PALETTES.length,
  anime: ANIME_PALETTES.length,
};

export function paletteName(theme: Theme, palette: number): string {
  const palettes =
    theme === 'landscape' ? LANDSCAPE_PALETTES : theme === 'minimalistic' ? MINIMAL_PALETTES : ANIME_PALETTES;
  return palettes[palette % palettes.length]!.name;
}

/** The scene as an SVG document at time `t` (0 for stills). */
export function renderScene(spec: SceneSpec, t = 0): Buffer {
  const draw =
    spec.theme === 'landscape' ? landscape : spec.theme === 'anime' ? anime : spec.seed % 2 ? geometry : skyline;
  return Buffer.from(draw(spec, t));
}
