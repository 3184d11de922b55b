import { useSyncExternalStore } from 'react';
import { detectPhoneScreen, PHONE_SCREENS, SCREEN_SIDE } from '#contract/devices.ts';
import type { PublicUser } from '#contract/users.ts';
import { api } from './api-client.ts';
import { createLocalStore, useLocalStore } from './local-store.ts';
import { userStore } from './user-store.ts';
import { onThisOrigin } from './same-origin.ts';

/** The screen files are made for: one of the listed phones, or 'Other' with its own pixels. */
export interface ChosenScreen {
  width: number;
  height: number;
}

const fitsSide = (side: unknown): side is number =>
  Number.isInteger(side) && (side as number) >= SCREEN_SIDE.min && (side as number) <= SCREEN_SIDE.max;

/** A screen as the API names it: `1170x2532`. */
export const sizeOf = (screen: ChosenScreen) => `${screen.width}x${screen.height}`;

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
    choose,
  };
}

/** The account keeps the phone too; this browser's choice stands even when saving it fails. */
const saveToAccount = (screen: ChosenScreen) =>
  api.put('/api/users/me/phone', { screen: sizeOf(screen) }).catch(() => undefined);

function choose(screen: ChosenScreen) {
  chosenScreen.set(screen);
  if (userStore.get()) void saveToAccount(screen);
}

/**
 * Brings this browser and the account into step when a user signs in: a browser that neither
 * chose a phone nor detects one takes the account's (detection on the device itself wins over
 * a size remembered from another device), and a browser's own choice is saved to the account.
 */
export function syncPhoneWithAccount(user: PublicUser): void {
  const local = chosenScreen.get();
  const [width, height] = (user.phoneScreen ?? '').split('x').map(Number);
  if (!local && !detect() && fitsSide(width) && fitsSide(height)) chosenScreen.set({ width, height });
  else if (local && sizeOf(local) !== user.phoneScreen) void saveToAccount(local);
}

/** The listed screen of a size, for its models' names. */
export const listedScreen = (screen: ChosenScreen) =>
  PHONE_SCREENS.find((listed) => listed.width === screen.width && listed.height === screen.height);

/** The name a phone's own file is saved under. */
export const phoneFileName = (itemId: string, screen: ChosenScreen) => `${itemId}-${screen.width}x${screen.height}.jpg`;

/** Where a phone's own file of a download is: a free item's fit path, or a bought file's signed link with its screen. */
export function phoneFileLink(itemId: string, link: string, screen: ChosenScreen): string {
  const size = sizeOf(screen);
  const path = onThisOrigin(link);
  return path.startsWith('/api/downloads/free/')
    ? `/api/downloads/free/${itemId}/fit/${size}`
    : `${path}${path.includes('?') ? '&' : '?'}screen=${size}`;
}
