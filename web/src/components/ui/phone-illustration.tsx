import { type ReactNode, useId } from 'react';

/** The screens drawn in the download and set-up guides; each highlights where to tap. */
export type PhoneScreen =
  | 'grid-free'
  | 'popup-download'
  | 'address-downloads'
  | 'file-list'
  | 'image-toolbar'
  | 'sheet-save-image'
  | 'home-photos'
  | 'photo-grid'
  | 'sheet-wallpaper'
  | 'adjust'
  | 'zoom-toggle'
  | 'tap-add'
  | 'wallpaper-pair'
  | 'lock-screen';

const ACCENT = '#c8459b';

/** The tap target: a ring that draws the eye. */
const Tap = ({ x, y, r = 11 }: { x: number; y: number; r?: number }) => (
  <g>
    <circle cx={x} cy={y} r={r + 6} fill={ACCENT} opacity="0.18" />
    <circle cx={x} cy={y} r={r} fill="none" stroke={ACCENT} strokeWidth="3" />
  </g>
);

const Wallpaper = ({ sky, x, y, w, h }: { sky: string; x: number; y: number; w: number; h: number }) => (
  <g>
    <rect x={x} y={y} width={w} height={h} rx="4" fill={sky} />
    <path
      d={`M${x} ${y + h} L${x + w * 0.3} ${y + h * 0.55} L${x + w * 0.5} ${y + h * 0.75} L${x + w * 0.75} ${y + h * 0.45} L${x + w} ${y + h * 0.8} V${y + h} Z`}
      fill="#3b2a5c"
    />
    <circle cx={x + w * 0.7} cy={y + h * 0.28} r={w * 0.1} fill="#ffe08a" />
  </g>
);

const Row = ({ y, label, strong = false }: { y: number; label: string; strong?: boolean }) => (
  <g>
    <rect x="26" y={y} width="108" height="22" rx="6" fill={strong ? '#fde6f3' : '#f1eee9'} />
    <text x="36" y={y + 15} fontSize="10" fontWeight={strong ? 700 : 500} fill="#17141f">
      {label}
    </text>
  </g>
);

/** Each screen, given the fill of the wallpaper's sky (a gradient of the drawing it is in). */
const screens: Record<PhoneScreen, (sky: string) => ReactNode> = {
  'grid-free': (sky) => (
    <>
      {[0, 1, 2, 3].map((i) => (
        <Wallpaper sky={sky} key={i} x={28 + (i % 2) * 54} y={50 + Math.floor(i / 2) * 100} w={48} h={84} />
      ))}
      <rect x="30" y="136" width="26" height="12" rx="6" fill="#1f7a4d" />
      <text x="34" y="145" fontSize="8" fontWeight="700" fill="#fff">
        Free
      </text>
      <Tap x={43} y={142} />
    </>
  ),
  'popup-download': (sky) => (
    <>
      <Wallpaper sky={sky} x={26} y={44} w={108} h={190} />
      <rect x="30" y="110" width="100" height="64" rx="10" fill="#fff" />
      <text x="80" y="132" fontSize="9" textAnchor="middle" fill="#17141f">
        Download file?
      </text>
      <rect x="48" y="144" width="64" height="18" rx="9" fill={ACCENT} />
      <text x="80" y="156" fontSize="9" fontWeight="700" textAnchor="middle" fill="#fff">
        Download
      </text>
      <Tap x={80} y={153} r={14} />
    </>
  ),
  'address-downloads': (sky) => (
    <>
      <rect x="26" y="44" width="108" height="20" rx="10" fill="#f1eee9" />
      <text x="36" y="57" fontSize="8" fill="#524c63">
        palettewall.app
      </text>
      <path d="M122 49v8m0 0-3-3m3 3 3-3" stroke="#17141f" strokeWidth="1.6" fill="none" />
      <Tap x={122} y={54} r={9} />
      <Wallpaper sky={sky} x={26} y={74} w={108} h={160} />
    </>
  ),
  'file-list': () => (
    <>
      <text x="28" y="58" fontSize="11" fontWeight="700" fill="#17141f">
        Downloads
      </text>
      <Row y={68} label="dawn-peaks.jpg" strong />
      <Row y={96} label="city-guide.pdf" />
      <Row y={124} label="notes.txt" />
      <Tap x={80} y={79} r={12} />
    </>
  ),
  'image-toolbar': (sky) => (
    <>
      <Wallpaper sky={sky} x={26} y={44} w={108} h={176} />
      <rect x="26" y="224" width="108" height="20" rx="6" fill="#f1eee9" />
      <path d="M80 238v-9m0 0-3 3m3-3 3 3M74 233h-2v7h16v-7h-2" stroke="#17141f" strokeWidth="1.4" fill="none" />
      <Tap x={80} y={234} r={10} />
    </>
  ),
  'sheet-save-image': (sky) => (
    <>
      <Wallpaper sky={sky} x={26} y={44} w={108} h={110} />
      <rect x="22" y="150" width="116" height="96" rx="10" fill="#fff" />
      <Row y={160} label="Copy" />
      <Row y={186} label="Save Image" strong />
      <Row y={212} label="Print" />
      <Tap x={80} y={197} r={12} />
    </>
  ),
  'home-photos': (sky) => (
    <>
      <rect x="22" y="40" width="116" height="208" fill={sky} />
      {Array.from({ length: 12 }, (_, i) => (
        <rect
          key={i}
          x={32 + (i % 4) * 25}
          y={60 + Math.floor(i / 4) * 30}
          width="18"
          height="18"
          rx="5"
          fill={i === 5 ? '#fff' : 'rgba(255,255,255,0.45)'}
        />
      ))}
      <circle cx="66" cy="99" r="5" fill="#f5a623" />
      <Tap x={66} y={99} />
    </>
  ),
  'photo-grid': (sky) => (
    <>
      <text x="28" y="56" fontSize="11" fontWeight="700" fill="#17141f">
        Recents
      </text>
      {Array.from({ length: 9 }, (_, i) => (
        <rect
          key={i}
          x={28 + (i % 3) * 36}
          y={64 + Math.floor(i / 3) * 50}
          width="32"
          height="46"
          rx="3"
          fill={i === 0 ? sky : '#e7e2da'}
        />
      ))}
      <Tap x={44} y={87} r={13} />
    </>
  ),
  'sheet-wallpaper': (sky) => (
    <>
      <Wallpaper sky={sky} x={26} y={44} w={108} h={110} />
      <rect x="22" y="150" width="116" height="96" rx="10" fill="#fff" />
      <Row y={160} label="Copy Photo" />
      <Row y={186} label="Use as Wallpaper" strong />
      <Row y={212} label="Add to Album" />
      <Tap x={80} y={197} r={12} />
    </>
  ),
  adjust: (sky) => (
    <>
      <Wallpaper sky={sky} x={22} y={40} w={116} h={208} />
      <path
        d="M58 120l-12-12m0 0v8m0-8h8M102 168l12 12m0 0v-8m0 8h-8"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="70" cy="132" r="7" fill="#fff" opacity="0.8" />
      <circle cx="92" cy="156" r="7" fill="#fff" opacity="0.8" />
    </>
  ),
  'zoom-toggle': (sky) => (
    <>
      <Wallpaper sky={sky} x={22} y={40} w={116} h={208} />
      <rect x="44" y="214" width="72" height="20" rx="10" fill="rgba(23,20,31,0.7)" />
      <text x="80" y="228" fontSize="9" textAnchor="middle" fill="#fff">
        Perspective Zoom
      </text>
      <Tap x={80} y={224} r={13} />
    </>
  ),
  'tap-add': (sky) => (
    <>
      <Wallpaper sky={sky} x={22} y={40} w={116} h={208} />
      <text x="80" y="92" fontSize="28" fontWeight="300" textAnchor="middle" fill="#fff">
        9:41
      </text>
      <rect x="104" y="46" width="28" height="14" rx="7" fill="#fff" />
      <text x="118" y="56" fontSize="8" fontWeight="700" textAnchor="middle" fill="#17141f">
        Add
      </text>
      <Tap x={118} y={53} r={10} />
    </>
  ),
  'wallpaper-pair': (sky) => (
    <>
      <Wallpaper sky={sky} x={22} y={40} w={116} h={208} />
      <rect x="26" y="170" width="108" height="70" rx="10" fill="#fff" />
      <Row y={178} label="Set as Wallpaper Pair" strong />
      <Row y={206} label="Customize Home Screen" />
      <Tap x={80} y={189} r={12} />
    </>
  ),
  'lock-screen': (sky) => (
    <>
      <Wallpaper sky={sky} x={22} y={40} w={116} h={208} />
      <text x="80" y="100" fontSize="30" fontWeight="300" textAnchor="middle" fill="#fff">
        9:41
      </text>
      <text x="80" y="72" fontSize="8" textAnchor="middle" fill="#fff">
        Sunday, 22 November
      </text>
      <path d="M70 232h20" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

export function PhoneIllustration({ screen }: { screen: PhoneScreen }) {
  // A guide draws several phones on one page: each gradient needs an id of its own.
  const skyId = useId();
  return (
    <svg
      className="phone-illustration"
      viewBox="0 0 160 280"
      width="160"
      height="280"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4b3bd6" />
          <stop offset="0.6" stopColor="#c8459b" />
          <stop offset="1" stopColor="#ff9a6b" />
        </linearGradient>
      </defs>
      <rect x="10" y="6" width="140" height="268" rx="26" fill="#17141f" />
      <rect x="18" y="14" width="124" height="252" rx="20" fill="#fbfaf7" />
      <rect x="62" y="20" width="36" height="10" rx="5" fill="#17141f" />
      {screens[screen](`url(#${skyId})`)}
    </svg>
  );
}
