import type { WidgetRegistry } from './widget-types';

/**
 * Every widget a page may show, by its marker name. Each is a dynamic import, so esbuild
 * splits it into its own chunk and a page downloads only the widgets it has.
 */
export const widgetRegistry: WidgetRegistry = {
  'unread-badge': () => import('../unread-badge/mount'),
  chat: () => import('../chat/mount'),
  'genetic-stats': () => import('../genetic-stats/mount'),
  relatives: () => import('../relatives/mount'),
  'feedback-banner': () => import('../feedback-banner/mount'),
  'about-pet': () => import('../about-pet/mount'),
  'pet-settings': () => import('../pet-settings/mount'),
  'edit-location': () => import('../edit-location/mount'),
  'vet-info': () => import('../vet-info/mount'),
  'data-settings': () => import('../data-settings/mount'),
  'phone-sms': () => import('../phone-sms/mount'),
  'email-preferences': () => import('../email-preferences/mount'),
  'help-search': () => import('../help-search/mount'),
  'public-profile': () => import('../public-profile/mount'),
  gallery: () => import('../gallery/mount'),
  'admin-data-table': () => import('../admin-data-table/mount'),
  'breeder-dog-settings': () => import('../breeder-dog-settings/mount'),
  'serial-scanning': () => import('../serial-scanning/mount'),
  'vet-share': () => import('../vet-share/mount'),
  'survey-admin': () => import('../survey-admin/mount'),
  matchmaker: () => import('../matchmaker/mount'),
  'lab-upload-status': () => import('../lab-upload-status/mount'),
};
