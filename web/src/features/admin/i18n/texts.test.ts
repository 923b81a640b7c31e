import { describe, expect, it } from 'vitest';
import en from './en.json';
import ptBR from './pt-BR.json';

describe('the administration texts of the spec', () => {
  it('uses the spec’s words for the user list (sections 2, 4 and 8)', () => {
    expect(en.users.saved).toBe('user saved');
    expect(en.users.deleted).toBe('users deleted');
    expect(en.users.empty).toBe('no record found');
    expect(ptBR.users.saved).toBe('Usuário salvo');
    expect(ptBR.users.deleted).toBe('Usuários excluídos');
    expect(ptBR.users.empty).toBe('Nenhum registro encontrado');
  });

  it('names the contracted plan page as the header shortcut does (/administration/Plano Contratado)', () => {
    expect(ptBR.nav.planPath).toBe('Plano Contratado');
  });

  it('names every attribute type an additional field may have, and each audit kind in both languages', () => {
    expect(Object.keys(en.fields.types).sort()).toEqual(Object.keys(ptBR.fields.types).sort());
    expect(Object.keys(ptBR.fields.types)).toHaveLength(19);
    expect(Object.keys(en.log.actions).sort()).toEqual(Object.keys(ptBR.log.actions).sort());
  });
});
