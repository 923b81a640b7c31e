/**
 * One project's repository (spec section 2): /runtime/{appID}/repository/{projectId}/{fileForm}/
 * {folderForm}/{title}. The forms are kept as the menu gave them; '-' when the list opens it.
 */
export function repositoryPath(
  appID: string | number,
  projectId: number,
  title: string,
  fileForm = '-',
  folderForm = '-',
): string {
  return `/runtime/${appID}/repository/${projectId}/${encodeURIComponent(fileForm)}/${encodeURIComponent(folderForm)}/${encodeURIComponent(title)}`;
}
