/**
 * Fonts bundled under assets/fonts (DejaVu Sans, DejaVu licence). A container has no system
 * fonts and @napi-rs/canvas then draws text invisibly, so every render registers these first.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { projectPath } from '../platform/files.ts';

/** The family every renderer names; an alias so a system DejaVu can never be picked instead. */
export const FAMILY = 'BotSans';

const dir = projectPath('assets/fonts/');
let registered = false;

export function registerFonts(): void {
  if (registered) return;
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(dir + file, FAMILY)) throw new Error(`render: could not load font ${dir + file}`);
  }
  registered = true;
}

export const font = (px: number, bold = false): string => `${bold ? 'bold ' : ''}${Math.max(1, Math.round(px))}px ${FAMILY}`;
