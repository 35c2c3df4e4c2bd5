import { describe, expect, it } from 'vitest';
import { areaOfHref } from '../src/core/remote';

describe('the area of a menu href', () => {
  it('is named by the first segment', () => {
    expect(areaOfHref('/sys/user/UserList')).toBe('sys');
    expect(areaOfHref('/flowable/task/TodoList')).toBe('workflow');
    expect(areaOfHref('/extension/button/ButtonList')).toBe('workflow');
    expect(areaOfHref('/form/make/FormMakeList')).toBe('forms');
  });

  it("is the forms area for 流程表单, whose JeePlus href is under /extension/: no remote opens another's pages", () => {
    expect(areaOfHref('/extension/formDefinition/FormDefinitionList')).toBe('forms');
    expect(areaOfHref('extension/formDefinition/FormDefinitionList?x=1')).toBe('forms');
  });
});
