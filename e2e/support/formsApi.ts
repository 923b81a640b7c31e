import type { APIRequestContext } from '@playwright/test';
import { adminPassword } from './server';

/** Where the demo task form lives on a fresh server: the application, the task type, its form and a project. */
export interface DemoTaskForm {
  appId: number;
  componentId: number;
  formId: number;
  projectId: number;
  projectName: string;
}

/** Signs in through the API (POST /users/authenticate answers base64 JSON) and returns the token. */
export async function apiToken(request: APIRequestContext, login = 'admin', password = adminPassword): Promise<string> {
  const res = await request.post('/api/users/authenticate', { data: { UserName: login, Password: password } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  const text = (await res.text()).trim().replace(/^"|"$/g, '');
  return (JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as { token: string }).token;
}

/** Finds the demo task form of 'Gestão de Projetos' (apps/demo/project-management.yaml) by asking the API. */
export async function demoTaskForm(request: APIRequestContext): Promise<DemoTaskForm> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const apps = (await (await request.get('/api/application/getAllowedApplications', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const app = apps.find((a) => a.name === 'Gestão de Projetos');
  if (!app) throw new Error('demo application Gestão de Projetos not found');
  const component = (await (
    await request.get('/api/genericItem/getComponentByName?name=task', { headers })
  ).json()) as { id: number };
  const form = (await (
    await request.post('/api/genericItem/getForm', {
      headers,
      data: { componentID: component.id, formName: 'default' },
    })
  ).json()) as { id: number };
  const projects = (await (await request.get('/api/genericItem/loadProjects', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const project = projects[0];
  if (!project) throw new Error('no demo project');
  return {
    appId: app.id,
    componentId: component.id,
    formId: form.id,
    projectId: project.id,
    projectName: project.name,
  };
}
