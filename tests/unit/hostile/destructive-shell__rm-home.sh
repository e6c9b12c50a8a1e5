#!/bin/sh
rm -r -f "$HOME"
