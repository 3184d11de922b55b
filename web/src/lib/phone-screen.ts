import { detectPhoneScreen, PHONE_SCREENS, SCREEN_SIDE } from '../../../contract/devices.ts';
import { useSyncExternalStore } from 'react';
import { createLocalStore, useLocalStore } from './local-store.ts';

/** The screen files are made for: one of the listed phones, or 'Other' with its own pixels. */
export interface ChosenScreen {
  width: number;
  height: number;
}

const fitsSide = (side: unknown): side is number =>
  Number.isInteger(side) && (side as number) >= SCREEN_SIDE.min && (side as number) <= SCREEN_SIDE.max;

/** The visitor's choice, kept in this browser; null until they choose. */
const chosenScreen = createLocalStore<ChosenScreen | null>('phone-screen', (raw) => {
  const value = raw as Partial<ChosenScreen> | null;
  return value && fitsSide(value.width) && fitsSide(value.height) ? { width: value.width, height: value.height } : null;
});

/** This browser's phone, when its screen and pixel ratio name exactly one listed screen (its id). */
let detectedId: string | null | undefined;
function detect(): string | null {
  detectedId ??= detectPhoneScreen(window.screen, window.devicePixelRatio)?.id ?? null;
  return detectedId;
}
const never = () => () => {};

/**
 * The screen phone files are made for: the visitor's choice, else the detected phone, else none.
 * Pages rendered on the server know neither, so they show no screen until the browser runs.
 */
export function usePhoneScreen(): {
  screen: ChosenScreen | undefined;
  detected: boolean;
  choose: (screen: ChosenScreen) => void;
} {
  const chosen = useLocalStore(chosenScreen);
  const detectedKey = useSyncExternalStore(never, detect, () => null);
  const detected = PHONE_SCREENS.find((listed) => listed.id === detectedKey);
  return {
    screen: chosen ?? (detected && { width: detected.width, height: detected.height }),
    detected: !chosen && !!detected,
    choose: (screen) => chosenScreen.set(screen),
  };
}

/** The listed screen of a size, for its models' names. */
export const listedScreen = (screen: ChosenScreen) =>
  PHONE_SCREENS.find((listed) => listed.width === screen.width && listed.height === screen.height);

/** Where a phone's own file of a download is: a free item's fit path, or a bought file's signed link with its screen. */
export function phoneFileLink(itemId: string, link: string, screen: ChosenScreen): string {
  const size = `${screen.width}x${screen.height}`;
  return link.startsWith('/api/downloads/free/')
    ? `/api/downloads/free/${itemId}/fit/${size}`
    : `${link}${link.includes('?') ? '&' : '?'}screen=${size}`;
}
