import { describe, expect, it } from 'vitest';
import { manParagraphs } from './man.ts';

const gap = ' '.repeat(40);

/** A page as groff renders it at a width where no paragraph wraps. */
const PAGE = [
  `open(2)${gap}System Calls Manual${gap}open(2)`,
  '',
  'NAME',
  '       open, openat, creat - open and possibly create a file',
  '',
  'SYNOPSIS',
  '       #include <fcntl.h>',
  '',
  '       The synopsis never holds prose worth keeping, even when it reads like a sentence.',
  '',
  'DESCRIPTION',
  '       The open() system call opens the file specified by pathname.  If the specified file does not exist, it may optionally be created by open().',
  '',
  '   Access modes',
  '       O_APPEND',
  '              The file is opened in append mode, and every write goes to its end.',
  '',
  '       -a     do not ignore entries starting with a dot in the listing.',
  '       flag        value       meaning of the value in this column.',
  '           int fd = open("file", O_RDONLY);',
  '',
  'EXAMPLES',
  '       The program below opens a file and prints what it reads from it.',
  '',
  'NOTES',
  '       Under Linux, the O_NONBLOCK flag is sometimes used in cases where one wants to open but not read.',
  '',
  'COLOPHON',
  '       This page is part of release 6.03 of the Linux man-pages project, which you can read about online.',
  '',
  `Linux man-pages 6.03${gap}2023-02-05${gap}open(2)`,
].join('\n');

describe('manParagraphs', () => {
  it('keeps the prose of the explaining sections and nothing else', () => {
    expect(manParagraphs(PAGE)).toEqual([
      'The open() system call opens the file specified by pathname. If the specified file does not exist, it may optionally be created by open().',
      'The file is opened in append mode, and every write goes to its end.',
      'Under Linux, the O_NONBLOCK flag is sometimes used in cases where one wants to open but not read.',
    ]);
  });

  it('knows the Spanish section names', () => {
    const page = [
      `LS(1)${gap}Órdenes de usuario${gap}LS(1)`,
      'NOMBRE',
      '       ls - lista el contenido de un directorio',
      'DESCRIPCIÓN',
      '       Por defecto, muestra información de los archivos del directorio actual y los ordena alfabéticamente.',
      '       -a, --all',
      '              no oculta las entradas que comienzan con un punto en el listado.',
      'TRADUCCIÓN',
      '       La traducción al español de esta página del manual fue creada por varias personas voluntarias.',
      'VÉASE TAMBIÉN',
      '       Documentación completa disponible en línea en el sitio del proyecto GNU.',
    ].join('\n');
    expect(manParagraphs(page)).toEqual([
      'Por defecto, muestra información de los archivos del directorio actual y los ordena alfabéticamente.',
    ]);
  });
});
