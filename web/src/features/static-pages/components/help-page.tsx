import { PAGES } from '#contract/pages.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdSlot } from '../../../components/ad-slot.tsx';
import { GuideSteps, type GuideStep } from '../../../components/guide-steps.tsx';

const SET_WALLPAPER_STEPS: readonly GuideStep[] = [
  { text: 'Open the Photos app on your iPhone.', screen: 'home-photos' },
  {
    text: 'Find the wallpaper you downloaded — it is among your most recent photos — and open it.',
    screen: 'photo-grid',
  },
  { text: 'Tap the share button at the bottom left.', screen: 'image-toolbar' },
  { text: "Scroll down and choose 'Use as Wallpaper'.", screen: 'sheet-wallpaper' },
  { text: 'Pinch and drag to frame the picture the way you like.', screen: 'adjust' },
  {
    text: 'Turn Perspective Zoom on or off: on, the picture moves slightly as you tilt the phone.',
    screen: 'zoom-toggle',
  },
  { text: 'Tap Add in the top right corner.', screen: 'tap-add' },
  {
    text: "Choose 'Set as Wallpaper Pair' for both screens, or customise the home screen separately.",
    screen: 'wallpaper-pair',
  },
  { text: 'Lock your phone and enjoy your new wallpaper.', screen: 'lock-screen' },
];

export function HelpPage() {
  const meta = PAGES.help.meta;
  usePageMeta(meta.title, meta.description);
  return (
    <section className="section">
      <h1 className="page-title">Help Center</h1>
      <p className="page-lead">How to set a downloaded wallpaper on your iPhone, in nine steps.</p>
      <GuideSteps steps={SET_WALLPAPER_STEPS} label="How to set a wallpaper on iPhone" />
      <h2 className="section__title">Live wallpapers</h2>
      <p>
        A live wallpaper comes as a picture and a short video. Save both, then follow the same steps with the video: iOS
        makes a live photo that moves when you press and hold the lock screen.
      </p>
      <AdSlot slot="help" />
    </section>
  );
}
