import { describe, expect, it } from 'vitest';
import { areaOfHref } from '../src/core/remote';

describe('the area of a menu href', () => {
  it('is named by the first segment', () => {
    expect(areaOfHref('/sys/user/UserList')).toBe('sys');
    expect(areaOfHref('/flowable/task/TodoList')).toBe('workflow');
    expect(areaOfHref('/flowable/extension/ButtonList')).toBe('workflow');
    expect(areaOfHref('/form/MakeFormList')).toBe('forms');
  });

  it("is the forms area for 流程表单, whose JeePlus href is under /flowable/: no remote opens another's pages", () => {
    expect(areaOfHref('/flowable/form/FormDefinitionList')).toBe('forms');
    expect(areaOfHref('flowable/form/FormDefinitionList?x=1')).toBe('forms');
  });

  it('follows the JeePlus views the menu names', () => {
    expect(areaOfHref('/gen/GenTableList')).toBe('gencode');
    expect(areaOfHref('/gen/template/TemplateList')).toBe('gencode');
    expect(areaOfHref('/database/datatable/Table')).toBe('gencode');
    expect(areaOfHref('/flowable/process/ModelList')).toBe('workflow');
    expect(areaOfHref('/form/GenerateList?id=1')).toBe('forms');
    expect(areaOfHref('/sys/file/index')).toBe('sys');
  });
});
