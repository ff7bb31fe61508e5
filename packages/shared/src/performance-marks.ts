/**
 * The mark the web app sets just before it first renders: its scripts have run. The bench
 * times a screen's render from the later of this mark and the workspace answer's arrival, so
 * a screen whose data came before its code is not charged for the download.
 */
export const APP_RENDER_MARK = 'hustle:app-render';
