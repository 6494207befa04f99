#pragma once
#include <malloc.h>
