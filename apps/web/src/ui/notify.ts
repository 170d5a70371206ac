import { notifications } from '@mantine/notifications';

/** Toasts sit at the top centre and close after 2000 ms (configured once in AppProviders, decision 056). */
export function notifySuccess(message: string, title = 'Acción exitosa') {
  notifications.show({ color: 'green', title, message });
}

export function notifyError(message: string, title = 'Error') {
  notifications.show({ color: 'red', title, message });
}

export function notifyWarning(message: string, title = 'Atención') {
  notifications.show({ color: 'yellow', title, message });
}
