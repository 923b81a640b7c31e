import type { FormControl, FormInitialData } from '../types';

/** A slice of the demo task form (apps/demo/project-management.yaml) as getForm answers it. */
export const demoTree: FormControl = {
  kind: 'tab control',
  children: [
    {
      kind: 'panel',
      label: 'Geral',
      children: [
        { kind: 'textbox', field: 'Title', itemType: 'Text', label: 'Título', attributeType: 'STRING', required: true, maxLength: 200 },
        { kind: 'dropdown', field: 'priority', itemType: 'Picklist', label: 'Prioridade', attributeType: 'PICKLIST', required: true, picklistId: 1, width: 4 },
        { kind: 'radio group', field: 'area', itemType: 'Picklist', label: 'Área', attributeType: 'PICKLIST', picklistId: 2, width: 4 },
        { kind: 'dropdown', field: 'subarea', itemType: 'Picklist', label: 'Subárea', attributeType: 'PICKLIST', picklistId: 3, dependsOn: 'area', width: 4 },
        { kind: 'dropdown', field: 'ResponsibleName', itemType: 'User', label: 'Responsável', attributeType: 'USERS', width: 6 },
        { kind: 'formatted text', field: 'description', itemType: 'RichText', label: 'Descrição', attributeType: 'RICH_TEXT', maxLength: 20000 },
      ],
    },
    {
      kind: 'panel',
      label: 'Planejamento',
      children: [
        {
          kind: 'group box',
          label: 'Datas',
          children: [{ kind: 'date chooser', field: 'dueDate', itemType: 'Date', label: 'Prazo', attributeType: 'DATE_TIME', format: 'DD/MM/YYYY', dateTimeFormatType: 1, width: 6 }],
        },
        {
          kind: 'group box',
          label: 'Esforço e custo',
          children: [
            { kind: 'numeric picker', field: 'progress', itemType: 'Percentile', label: 'Progresso', attributeType: 'PERCENTILE', minimum: 0, maximum: 100, decimalScale: 2, suffix: '%', decimalSeparator: ',', thousandSeparator: '.', width: 3 },
            { kind: 'numeric picker', field: 'cost', itemType: 'Currency', label: 'Custo', attributeType: 'CURRENCY', minimum: 0, maximum: 1e21, decimalScale: 2, prefix: 'R$ ', currency: true, decimalSeparator: ',', thousandSeparator: '.', width: 3 },
            { kind: 'numeric picker', field: 'storyPoints', itemType: 'Integer', label: 'Pontos', attributeType: 'INTEGER', minimum: 0, maximum: 100, decimalScale: 0, decimalSeparator: ',', thousandSeparator: '.', width: 3 },
            { kind: 'checkbox', field: 'milestone', itemType: 'Boolean', label: 'Marco', attributeType: 'BOOLEAN', width: 6 },
            { kind: 'indicator', field: 'progress', itemType: 'Indicator', label: 'Progresso atual', attributeType: 'PERCENTILE', decimalScale: 2, suffix: '%', width: 6 },
          ],
        },
        { kind: 'notification', key: 'milestoneNote', text: 'Marcos aparecem no cronograma do projeto.', showWhen: { field: 'milestone', operator: 'equals', value: true } },
      ],
    },
    {
      kind: 'panel',
      label: 'Local e contato',
      children: [
        { kind: 'masked textbox', field: 'code', itemType: 'MaskedText', label: 'Código', attributeType: 'STRING', mask: 'aaa-9999', width: 4 },
        { kind: 'masked textbox', field: 'phone', itemType: 'Phone', label: 'Telefone do contato', attributeType: 'STRING', mask: '(99) 99999-9999', width: 4 },
        { kind: 'address', field: 'zip', itemType: 'Address', label: 'CEP', attributeType: 'STRING', parts: { city: 'city', state: 'state', street: 'street' } },
        { kind: 'image', field: 'photo', itemType: 'Image', label: 'Foto', attributeType: 'BINARY' },
      ],
    },
    {
      kind: 'panel',
      label: 'Arquivos e histórico',
      children: [
        { kind: 'attachments', itemType: 'Attachment' },
        { kind: 'history', itemType: 'History' },
        { kind: 'label', field: 'Version', label: 'Versão', width: 6 },
        { kind: 'button', key: 'postpone', label: 'Adiar prazo', rule: 'postponeDueDate', window: [{ key: 'days', name: 'Dias', type: 'INTEGER', required: true }], width: 6 },
      ],
    },
  ],
};

export const demoItem = {
  id: 501,
  FormattedID: 181,
  Title: 'Migrar o relatório',
  ProjectID: 1,
  ProjectName: 'Transformação Digital',
  StatusID: 1,
  StatusName: 'A fazer',
  StatusColor: '#90A4AE',
  ResponsibleID: 1,
  ResponsibleName: 'Administrador',
  CreatorName: 'Administrador',
  CreationDate: '2026-11-23T07:55:44Z',
  ModifierName: 'Administrador',
  LastModify: '2026-11-23T07:55:54Z',
  Version: 2,
  priority: 'low',
  area: 'it',
  subarea: 'dev',
  progress: 40,
  cost: 1234.5,
  storyPoints: 3,
  milestone: false,
  dueDate: '2026-01-05T00:00:00Z',
  code: 'ABC-1234',
  phone: '(11) 98765-4321',
  description: '<p>Texto</p>',
};

export const demoInitialData: FormInitialData = {
  form: { id: 1, key: 'default', name: 'Tarefa', componentID: 1, componentName: 'Tarefa', controls: demoTree },
  item: demoItem,
  isNew: false,
  canEdit: true,
  modificationDateTicks: 639310173545768580,
  display: { priority: 'Baixa', area: 'Tecnologia', subarea: 'Desenvolvimento' },
};
