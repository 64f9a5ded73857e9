/** Exposed as `notifications/BellMenu`: the header bell's dropdown of the latest notifications (the shell's slot `bell`). */
export { BellMenu as default } from '@intranet/notifications-web/bell';
