import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures';
import { demoTaskForm } from '../support/formsApi';
import { readFirstSheet } from '../support/xlsx';

// The report viewer (issue 20, docs/reports.md) on the demo's "Tarefas por projeto e situação"
// (apps/demo/project-management.yaml, report tasksByProject): opened from its menu entry, narrowed by
// a parameter, its chart and totals shown, its Excel workbook exported; the legacy address opens it too.

test('a report opens from its menu, filters, charts, totals and exports Excel', async ({
  adminPage: page,
  request,
}) => {
  // The demo's 180 tasks under their groups make a long page for a busy machine.
  test.setTimeout(120_000);
  const demo = await demoTaskForm(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app');
  await page.getByRole('button', { name: 'Gestão de Projetos' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Menu do aplicativo' });
  await sidebar.getByRole('link', { name: 'Tarefas por projeto e situação' }).click();
  await expect(page).toHaveURL(new RegExp(`/runtime/${demo.appId}/report/\\d+/Tarefas`));
  await expect(page.getByRole('heading', { name: 'Tarefas por projeto e situação' })).toBeVisible();

  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals.getByText(/^Quantidade: \d+/)).toBeVisible();
  await expect(page.getByRole('figure', { name: /Gráfico: Quantidade por Projeto/ })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Total — Quantidade:');

  // One project: the address carries it, and every group is that project.
  await page.getByRole('combobox', { name: 'Projeto' }).click();
  await page.getByRole('option', { name: demo.projectName, exact: true }).click();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(new RegExp(`project=${demo.projectId}`));
  const groups = page.getByRole('rowheader', { name: /^Projeto: / });
  await expect(groups.first()).toHaveText(`Projeto: ${demo.projectName}`);
  await expect(groups).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Tarefas por projeto e situação.xlsx');
  const sheet = readFirstSheet(readFileSync(await file.path()));
  expect(sheet.get('A1')).toBe('Projeto');
  expect(sheet.get('A2')).toBe(demo.projectName);

  // The legacy address with the report in the query shows the same viewer.
  const reportID = /\/report\/(\d+)\//.exec(page.url())?.[1];
  await page.goto(`/General/ReportPanel.aspx?reportID=${reportID}`);
  await expect(page.getByRole('region', { name: 'Totais' }).getByText(/^Quantidade: \d+/)).toBeVisible();
  await page.goto(`/report?reportID=${reportID}&from=1950-01-01&to=2050-01-01`);
  await expect(page.getByText('O período do relatório pode ter no máximo 20 anos.')).toBeVisible();
});
