/** The repositories feature's public entry: its runtime routes and the address of one repository. */
export { runtimeRepositoryRoutes } from './routes';
export { repositoryPath } from './paths';
