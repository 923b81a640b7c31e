import type { StoredSession } from '../../app/session';
import type { Application } from './api';

export type DesktopDecision =
  { kind: 'open'; application: Application } | { kind: 'desktop'; applications: Application[] };

/**
 * The launcher rules (spec section 2, 'App launcher'): the server already
 * answers every application to a panel administrator and the allowed ones to
 * anyone else. A user without panel admin whose list has exactly one
 * application with displayOnToolbar false goes straight to it.
 */
export function decideDesktop(
  applications: Application[],
  session: Pick<StoredSession, 'hasPanelAdminPermission'>,
): DesktopDecision {
  if (!session.hasPanelAdminPermission) {
    const hidden = applications.filter((application) => !application.displayOnToolbar);
    // An application that opens a URL cannot be entered: the desktop stays (a new tab needs a click).
    if (hidden.length === 1 && !applicationTarget(hidden[0]!).external)
      return { kind: 'open', application: hidden[0]! };
  }
  return { kind: 'desktop', applications };
}

/** Where an application opens: its urlLink in a new tab (urlBehavior) or its runtime. */
export function applicationTarget(
  application: Application,
): { external: true; href: string } | { external: false; href: string } {
  if (application.urlBehavior && application.urlLink) return { external: true, href: application.urlLink };
  return { external: false, href: `/runtime/${application.id}` };
}

/** The Apps button shows only when there is more than one application. */
export function showAppsButton(applications: Application[]): boolean {
  return applications.length > 1;
}
