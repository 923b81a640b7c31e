import { describe, expect, it } from 'vitest';
import type { Application } from './api';
import { applicationTarget, decideDesktop, showAppsButton } from './desktopRules';

const app = (id: number, change: Partial<Application> = {}): Application => ({
  id,
  name: `App ${id}`,
  iconName: 'Apps',
  isFontAwesomeIcon: false,
  imageContent: '',
  displayOnToolbar: false,
  urlBehavior: false,
  urlLink: '',
  appVersion: '1.0.0',
  collapsedMenu: false,
  ...change,
});

describe('decideDesktop', () => {
  it('sends a plain user with exactly one application off the toolbar straight to it', () => {
    const only = app(3);
    expect(decideDesktop([only], { hasPanelAdminPermission: false })).toEqual({ kind: 'open', application: only });
    expect(decideDesktop([only, app(4, { displayOnToolbar: true })], { hasPanelAdminPermission: false })).toEqual({
      kind: 'open',
      application: only,
    });
  });

  it('shows the desktop to a panel administrator', () => {
    expect(decideDesktop([app(3)], { hasPanelAdminPermission: true }).kind).toBe('desktop');
  });

  it('shows the desktop with two applications off the toolbar, or none', () => {
    expect(decideDesktop([app(1), app(2)], { hasPanelAdminPermission: false }).kind).toBe('desktop');
    expect(decideDesktop([], { hasPanelAdminPermission: false }).kind).toBe('desktop');
  });

  it('does not enter an application that opens a URL', () => {
    expect(
      decideDesktop([app(1, { urlBehavior: true, urlLink: 'https://x.test' })], { hasPanelAdminPermission: false })
        .kind,
    ).toBe('desktop');
  });
});

describe('applicationTarget', () => {
  it('opens urlLink in a new tab with urlBehavior, else the runtime', () => {
    expect(applicationTarget(app(5, { urlBehavior: true, urlLink: 'https://x.test' }))).toEqual({
      external: true,
      href: 'https://x.test',
    });
    expect(applicationTarget(app(5))).toEqual({ external: false, href: '/runtime/5' });
  });
});

describe('showAppsButton', () => {
  it('shows only with more than one application', () => {
    expect(showAppsButton([app(1)])).toBe(false);
    expect(showAppsButton([app(1), app(2)])).toBe(true);
  });
});
