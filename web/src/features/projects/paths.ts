/** The project page of a project (spec section 2): /runtime/{appID}/project/{projectId}/{title}, the name as title. */
export function projectPath(appID: string | number, project: { id: number; name: string }): string {
  return `/runtime/${appID}/project/${project.id}/${encodeURIComponent(project.name)}`;
}

/** The projects list of an application: /runtime/{appID}/projects/{title}. */
export function projectsPath(appID: string | number, title: string): string {
  return `/runtime/${appID}/projects/${encodeURIComponent(title)}`;
}
