import { NOTIFICATION_SOUND_VOLUME } from '@partner-panel/sdk';

/** The new-notification sound, at volume 0.1 (000 §9). A browser may refuse it before any click. */
export function playNotificationSound() {
  const audio = new Audio('/notification.wav');
  audio.volume = NOTIFICATION_SOUND_VOLUME;
  audio.play().catch(() => undefined);
}
