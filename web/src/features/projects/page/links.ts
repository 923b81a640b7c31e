/** Where the project page's links go: each a route the web has (spec section 2). */

/** A path segment that cannot break the route (a title with '/' or '?'). */
const segment = (text: string) => encodeURIComponent(text.replaceAll('/', ' ').trim() || '-');

/** The project's items of one type: /runtime/{appID}/listProject/{componentID}/{projectID}/{title}. */
export function projectListPath(appID: number, componentID: number, projectID: number, title: string): string {
  return `/runtime/${appID}/listProject/${componentID}/${projectID}/${segment(title)}`;
}

/** A type's kanban board: /runtime/{appID}/kanban/{viewID}/{title}. */
export function boardPath(appID: number, viewID: number, title: string): string {
  return `/runtime/${appID}/kanban/${viewID}/${segment(title)}`;
}

/** An item's form with the type's default form: /runtime/{appID}/editItem/{componentID}/{itemID}/0. */
export function itemPath(appID: string | number, componentID: number, itemID: number): string {
  return `/runtime/${appID}/editItem/${componentID}/${itemID}/0`;
}
