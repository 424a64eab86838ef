#include "classroom/classpanel.h"

#include "chart/rooflinechart.h"
#include "classroom/classqr.h"
#include "classroom/classserver.h"
#include "classroom/lessonplayer.h"
#include "panels/llmview.h"
#include "panels/occupancypanel.h"
#include "panels/panelhost.h"
#include "paths.h"
#include "units.h"
#include "workerclient.h"
#include "workspace/workspace.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

QLabel *wrapped(QWidget *parent)
{
    auto *l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText); // nicknames and questions are text, never markup
    return l;
}

} // namespace

ClassPanel::ClassPanel(PanelHost *host, LessonPlayer *player, QAction *presenting, QWidget *parent)
    : QWidget(parent), m_host(host), m_player(player), m_presenting(presenting)
{
    m_server = new ClassServer(this);
    buildUi();
    buildStrip();
    connect(m_player, &LessonPlayer::stepApplied, this, &ClassPanel::onStep);
    connect(m_player, &LessonPlayer::lessonClosed, this, &ClassPanel::onStep);
    connect(m_host->chart(), &RooflineChart::clickedAt, this, &ClassPanel::placeGuessAt);
    followServer();
    onStep();
}

ClassPanel::~ClassPanel()
{
    m_server->stop();
    delete m_strip; // placed in the presentation banner (null once the banner took it down)
}

QString ClassPanel::chartGroup()
{
    // Shown with the lesson's own workload points (a group "workloads-..." follows "workloads").
    return QStringLiteral("workloads-exercise");
}

QString ClassPanel::language() const
{
    return m_host->uiLanguage();
}

void ClassPanel::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    // Class mode first: on a projector the address and its QR code are seen without scrolling.
    m_classBox = new QWidget(this);
    auto *classLayout = new QVBoxLayout(m_classBox);
    classLayout->setContentsMargins(0, 0, 0, 8);
    auto *classTitle = new QLabel(tr("<b>Class mode</b>: students open this address"), m_classBox);
    classLayout->addWidget(classTitle);
    m_address = wrapped(m_classBox);
    m_address->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont af = m_address->font();
    af.setPointSizeF(af.pointSizeF() * 1.2);
    af.setBold(true);
    m_address->setFont(af);
    classLayout->addWidget(m_address);
    m_qr = new QLabel(m_classBox);
    m_qr->setAlignment(Qt::AlignLeft);
    classLayout->addWidget(m_qr);
    m_answered = wrapped(m_classBox);
    classLayout->addWidget(m_answered);
    m_anonymous = new QCheckBox(tr("Anonymous"), m_classBox);
    m_anonymous->setToolTip(tr("Number the closest guesses instead of naming them"));
    connect(m_anonymous, &QCheckBox::toggled, this, [this] {
        if (m_revealed && m_truth) {
            drawReveal(*m_truth);
            showResult();
        }
    });
    classLayout->addWidget(m_anonymous);
    auto *stop = new QPushButton(tr("Stop class mode"), m_classBox);
    connect(stop, &QPushButton::clicked, this, &ClassPanel::stopClass);
    classLayout->addWidget(stop);
    layout->addWidget(m_classBox);
    m_classBox->hide();
    m_empty = wrapped(this);
    m_empty->setText(tr("This lesson step asks no question. Steps with exercises ask for a guess "
                        "before they reveal the answer."));
    layout->addWidget(m_empty);

    auto *head = new QHBoxLayout;
    m_counter = new QLabel(this);
    m_prevEx = new QToolButton(this);
    m_nextEx = new QToolButton(this);
    m_prevEx->setArrowType(Qt::LeftArrow);
    m_nextEx->setArrowType(Qt::RightArrow);
    m_prevEx->setToolTip(tr("Previous question of this step"));
    m_nextEx->setToolTip(tr("Next question of this step"));
    head->addWidget(m_counter, 1);
    head->addWidget(m_prevEx);
    head->addWidget(m_nextEx);
    layout->addLayout(head);
    connect(m_prevEx, &QToolButton::clicked, this, [this] { setExerciseIndex(m_index - 1); });
    connect(m_nextEx, &QToolButton::clicked, this, [this] { setExerciseIndex(m_index + 1); });

    m_question = wrapped(this);
    QFont f = m_question->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_question->setFont(f);
    layout->addWidget(m_question);

    m_inputs = new QStackedWidget(this);
    auto *point = new QWidget;
    auto *pointForm = new QFormLayout(point);
    pointForm->setContentsMargins(0, 0, 0, 0);
    m_ai = new QDoubleSpinBox;
    m_ai->setMinimumWidth(60); // narrower than its widest value: the dock may be narrow
    m_ai->setRange(0.001, 100000);
    m_ai->setDecimals(3);
    m_ai->setValue(1);
    m_ai->setSuffix(QStringLiteral(" FLOP/B"));
    m_perf = new QDoubleSpinBox;
    m_perf->setMinimumWidth(60); // narrower than its widest value: the dock may be narrow
    m_perf->setRange(0.0001, 100000);
    m_perf->setDecimals(4);
    m_perf->setValue(1);
    m_perf->setSuffix(QStringLiteral(" TFLOP/s"));
    pointForm->addRow(tr("Intensity"), m_ai);
    pointForm->addRow(tr("Performance"), m_perf);
    m_inputs->addWidget(point);
    auto *number = new QWidget;
    auto *numberForm = new QFormLayout(number);
    numberForm->setContentsMargins(0, 0, 0, 0);
    m_number = new QDoubleSpinBox;
    m_number->setMinimumWidth(60); // narrower than its widest value: the dock may be narrow
    m_number->setDecimals(2);
    numberForm->addRow(tr("Your guess"), m_number);
    m_inputs->addWidget(number);
    auto *choice = new QWidget;
    auto *choiceForm = new QFormLayout(choice);
    choiceForm->setContentsMargins(0, 0, 0, 0);
    m_choice = new QComboBox;
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(8);
    choiceForm->addRow(tr("Your guess"), m_choice);
    m_inputs->addWidget(choice);
    layout->addWidget(m_inputs);
    for (QDoubleSpinBox *field : {m_ai, m_perf, m_number})
        connect(field, &QDoubleSpinBox::valueChanged, this, &ClassPanel::guessEdited);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &ClassPanel::guessEdited);

    m_reveal = new QPushButton(tr("Reveal"), this);
    m_reveal->setToolTip(tr("Show the answer the app computes or measured, beside the guesses"));
    connect(m_reveal, &QPushButton::clicked, this, &ClassPanel::reveal);
    layout->addWidget(m_reveal);
    m_result = wrapped(this);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_result);

    layout->addStretch(1);

    auto *scroll = new QScrollArea;
    scroll->setWidget(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QMainWindow *window = m_host->hostWindow();
    m_dock = new QDockWidget(tr("Exercise"), window);
    m_dock->setObjectName(QStringLiteral("exerciseDock"));
    m_dock->setWidget(scroll);
    window->addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    m_dock->hide();

    m_classAction = new QAction(tr("Class &mode (students answer from their phones)"), this);
    m_classAction->setCheckable(true);
    connect(m_classAction, &QAction::toggled, this, [this](bool on) {
        if (on == m_server->isRunning())
            return;
        if (!on)
            return stopClass();
        QString error;
        if (!startClass(&error)) {
            const QSignalBlocker block(m_classAction);
            m_classAction->setChecked(false);
            QMessageBox::warning(m_host->hostWindow(), tr("Class mode"), error);
        }
    });
    m_revealAllAction = new QAction(tr("&Reveal every answer of this step"), this);
    m_revealAllAction->setToolTip(tr("The step as written, without guesses: for reviewing after class"));
    connect(m_revealAllAction, &QAction::triggered, this, &ClassPanel::revealAll);
    m_revealAllAction->setEnabled(false);
    m_saveAction = new QAction(tr("Save class &answers…"), this);
    connect(m_saveAction, &QAction::triggered, this, &ClassPanel::saveAnswers);
    m_csvAction = new QAction(tr("Export class answers as &CSV…"), this);
    connect(m_csvAction, &QAction::triggered, this, &ClassPanel::exportCsv);
    m_saveAction->setEnabled(false);
    m_csvAction->setEnabled(false);
}

void ClassPanel::addMenuActions(QMenu *lessonMenu)
{
    lessonMenu->addSeparator();
    lessonMenu->addAction(m_dock->toggleViewAction());
    lessonMenu->addAction(m_revealAllAction);
    lessonMenu->addAction(m_classAction);
    lessonMenu->addAction(m_saveAction);
    lessonMenu->addAction(m_csvAction);
}

void ClassPanel::onStep()
{
    m_exercises.clear();
    if (const model::Lesson *l = m_player->lesson(); l && m_player->currentStep() >= 0)
        m_exercises = l->steps.value(m_player->currentStep()).exercises;
    m_index = m_exercises.isEmpty() ? -1 : 0;
    m_revealedSet.clear();
    m_revealedText.clear();
    if (!m_presenting->isChecked())
        showDockIfNeeded();
    showExercise();
}

void ClassPanel::showDockIfNeeded()
{
    if (!m_exercises.isEmpty() || m_server->isRunning())
        showDock();
}

void ClassPanel::showDock()
{
    const bool wasHidden = m_dock->isHidden();
    m_dock->show();
    m_dock->raise();
    // Below the lesson, half the window's height: the question and the class's address need
    // room as much as the caption does.
    if (wasHidden && !m_dock->isFloating())
        m_host->hostWindow()->resizeDocks({m_dock}, {m_host->hostWindow()->height() / 2}, Qt::Vertical);
}

void ClassPanel::setExerciseIndex(int index)
{
    if (m_exercises.isEmpty())
        return;
    m_index = std::clamp(index, 0, int(m_exercises.size()) - 1);
    showExercise();
}

const model::Exercise *ClassPanel::exercise() const
{
    return m_index >= 0 && m_index < m_exercises.size() ? &m_exercises.at(m_index) : nullptr;
}

std::optional<model::ExerciseTruth> ClassPanel::truth()
{
    if (m_truth || !m_truthError.isEmpty() || !exercise())
        return m_truth;
    const model::LessonStep effective =
        model::lessons::effectiveStep(*m_player->lesson(), m_player->currentStep());
    m_truth = model::exercises::truth(*exercise(), effective, m_host->workspace()->specDb(),
                                      model::resourceDir(), &m_truthError);
    return m_truth;
}

void ClassPanel::showExercise()
{
    cancelLive();
    m_truth.reset();
    m_truthError.clear();
    m_revealed = false;
    m_guessPlaced = false;
    m_resultHead.clear();
    m_summary.clear();
    m_result->clear();
    m_host->chart()->clearGroup(chartGroup());
    const model::Exercise *e = exercise();
    const bool has = e != nullptr;
    m_empty->setVisible(!has);
    for (QWidget *w : {static_cast<QWidget *>(m_counter), static_cast<QWidget *>(m_question),
                       static_cast<QWidget *>(m_inputs), static_cast<QWidget *>(m_reveal)})
        w->setVisible(has);
    m_revealAllAction->setEnabled(has);
    m_prevEx->setVisible(has && m_exercises.size() > 1);
    m_nextEx->setVisible(has && m_exercises.size() > 1);
    if (!has) {
        if (m_server->isRunning())
            m_server->clearQuestion(); // phones wait for the next question
        updateCounts();
        applyCover();
        showStripExercise();
        return;
    }
    m_counter->setText(tr("Question %1 of %2").arg(m_index + 1).arg(m_exercises.size()));
    m_prevEx->setEnabled(m_index > 0);
    m_nextEx->setEnabled(m_index + 1 < m_exercises.size());
    m_question->setText(e->question(language()));
    m_inputs->setCurrentIndex(int(e->answer));
    // Only the page shown counts for the dock's width: a projector's side column is narrow.
    for (int i = 0; i < m_inputs->count(); ++i)
        m_inputs->widget(i)->setSizePolicy(
            i == int(e->answer) ? QSizePolicy::Preferred : QSizePolicy::Ignored, QSizePolicy::Preferred);
    const auto t = truth();
    m_reveal->setEnabled(t.has_value());
    if (!t) {
        m_result->setText(tr("The answer cannot be computed here: %1").arg(m_truthError));
        // Nothing to reveal: the step shows what it has.
        m_revealedSet.insert(m_index);
        applyCover();
        showStripExercise();
        return;
    }
    m_filling = true;
    m_ai->setValue(1); // a new question starts from no guess, not the last one's
    m_perf->setValue(1);
    if (e->answer == model::AnswerType::Number) {
        m_number->setDecimals(t->decimals);
        m_number->setRange(t->valueMin, t->valueMax);
        m_number->setSuffix(QLatin1Char(' ') + t->unit);
        m_number->setValue(t->valueMin);
    } else if (e->answer == model::AnswerType::Choice) {
        m_choice->clear();
        for (const QString &c : t->choices)
            m_choice->addItem(model::exercises::choiceLabel(c), c);
        m_choice->setCurrentIndex(-1);
    }
    m_filling = false;
    askClass();
    if (!m_server->isRunning() && m_revealedSet.contains(m_index) && m_revealedText.contains(m_index)) {
        // Back at a question revealed before: as it was revealed.
        m_revealed = true;
        m_resultHead = m_revealedText.value(m_index);
        drawReveal(*t);
        showResult();
    }
    m_reveal->setEnabled(!m_revealed);
    applyCover();
    showStripExercise();
}

void ClassPanel::setGuess(const model::Guess &g)
{
    m_filling = true;
    m_ai->setValue(g.x);
    m_perf->setValue(g.y / 1e12);
    m_number->setValue(g.value);
    m_choice->setCurrentIndex(g.choice);
    m_filling = false;
    guessEdited();
}

void ClassPanel::guessEdited()
{
    if (m_filling || !exercise() || m_revealed)
        return;
    m_guessPlaced = true;
    drawGuess();
    syncStripGuess();
}

void ClassPanel::placeGuessAt(const QPointF &point)
{
    const model::Exercise *e = exercise();
    // The teacher's or the student's own guess; with a class running the phones answer.
    if (!e || e->answer != model::AnswerType::Point || m_revealed || m_server->isRunning() ||
        !m_host->chart()->isVisible())
        return;
    const auto t = truth();
    if (!t || !(point.x() > 0) || !(point.y() > 0))
        return;
    m_filling = true;
    m_ai->setValue(std::clamp(point.x(), t->xMin, t->xMax));
    m_perf->setValue(std::clamp(point.y(), t->yMin, t->yMax) / 1e12);
    m_filling = false;
    guessEdited();
}

ChartPoint ClassPanel::guessPoint() const
{
    const model::Guess g = guess();
    ChartPoint p;
    p.id = QStringLiteral("exercise-guess");
    p.label = tr("guess");
    p.ai = g.x;
    p.flopPerS = g.y;
    p.gpuIndex = 1;
    return p;
}

void ClassPanel::drawGuess()
{
    const model::Exercise *e = exercise();
    if (!e || e->answer != model::AnswerType::Point || m_server->isRunning())
        return;
    m_host->chart()->setPoints({guessPoint()}, chartGroup());
}

model::Guess ClassPanel::guess() const
{
    model::Guess g;
    g.x = m_ai->value();
    g.y = m_perf->value() * 1e12;
    g.value = m_number->value();
    g.choice = m_choice->currentIndex();
    return g;
}

void ClassPanel::setLiveRuns(WorkerClient *worker, std::function<QString()> device)
{
    if (m_worker)
        disconnect(m_worker, nullptr, this, nullptr);
    m_worker = worker;
    m_liveDevice = std::move(device);
    if (!worker)
        return;
    connect(worker, &WorkerClient::measurement, this, [this](const QString &id, const model::Measurement &m) {
        if (id == m_liveRequest)
            m_liveMeasurement = m;
    });
    connect(worker, &WorkerClient::error, this, [this](const QString &id, const QString &message, int) {
        if (id == m_liveRequest)
            m_liveError = message;
    });
    connect(worker, &WorkerClient::finished, this,
            [this](const QString &id, bool ok, const QString &message) {
                if (id == m_liveRequest)
                    liveFinished(ok, message);
            });
}

void ClassPanel::cancelLive()
{
    if (m_liveRequest.isEmpty())
        return;
    if (m_worker)
        m_worker->cancel(m_liveRequest);
    m_liveRequest.clear();
}

void ClassPanel::reveal()
{
    const auto t = truth();
    if (!t || isMeasuring() || m_revealed)
        return;
    // A measured answer is measured again where there is a GPU: the class sees it happen.
    const QString device =
        t->measured && m_worker && m_liveDevice && !m_revealingAll ? m_liveDevice() : QString();
    if (!device.isEmpty()) {
        m_liveMeasurement.reset();
        m_liveError.clear();
        m_liveRequest = m_worker->run(t->kernel, t->params, t->dtype, kLiveSamples);
        if (!m_liveRequest.isEmpty()) {
            m_liveOn = device;
            m_reveal->setEnabled(false);
            m_result->setText(tr("Measuring %1 on %2…").arg(t->kernel, device));
            showStripExercise();
            return;
        }
        m_liveError = m_worker->lastFailure();
        liveFinished(false, m_liveError);
        return;
    }
    finishReveal();
}

void ClassPanel::revealAll()
{
    if (m_exercises.isEmpty())
        return;
    const int current = std::max(0, m_index);
    m_revealingAll = true;
    for (int i = 0; i < m_exercises.size(); ++i) {
        if (m_revealedSet.contains(i))
            continue;
        setExerciseIndex(i);
        reveal();
    }
    // Back at the question the step was on, shown revealed (with a class, revealed again).
    if (m_index != current) {
        setExerciseIndex(current);
        reveal();
    }
    m_revealingAll = false;
}

void ClassPanel::liveFinished(bool ok, const QString &message)
{
    m_liveRequest.clear();
    m_reveal->setEnabled(true);
    if (!m_truth)
        return;
    const model::Measurement *m = m_liveMeasurement ? &*m_liveMeasurement : nullptr;
    if (ok && m && m->check.ok && m->ai() > 0 && m->flopPerS() > 0) {
        const QString sample = model::formatSi(m_truth->y, QStringLiteral("FLOP/s"));
        m_truth->x = m->ai();
        m_truth->y = m->flopPerS();
        m_truth->explanation =
            tr("measured now on %1: %2 in %3 (median of %4), %5; the sample results say %6")
                .arg(m_liveOn, m->kernel, model::formatSeconds(m->time.median))
                .arg(m->time.samples)
                .arg(model::formatSi(m_truth->y, QStringLiteral("FLOP/s")), sample);
    } else {
        const QString why = !m_liveError.isEmpty() ? m_liveError
                            : !message.isEmpty()   ? message
                            : m && !m->check.ok    ? tr("its result failed the check")
                                                   : tr("no measurement came back");
        m_truth->explanation =
            tr("The run on %1 did not give a measurement (%2): the sample results answer. %3")
                .arg(m_liveOn, why.section(QLatin1Char('\n'), 0, 0), m_truth->explanation);
    }
    finishReveal();
}

void ClassPanel::finishReveal()
{
    const auto t = truth();
    if (!t)
        return;
    QElapsedTimer timer;
    timer.start();
    m_revealed = true;
    m_revealedSet.insert(m_index);
    QStringList &lines = m_resultHead;
    lines = {tr("Answer: %1").arg(model::exercises::truthText(*t))};
    if (!m_server->isRunning()) {
        const model::Guess g = guess();
        const model::GuessError e = model::exercises::grade(*t, g);
        if (m_guessPlaced)
            lines << tr("Guess: %1").arg(model::exercises::guessText(*t, g));
        const QString graded = m_guessPlaced && e.valid ? e.text : tr("no guess placed");
        if (m_guessPlaced || !m_revealingAll) // Reveal every answer reviews the step: no guess to grade
            lines << (t->answer == model::AnswerType::Choice ? tr("Your answer: %1").arg(graded)
                                                             : tr("Error: %1").arg(graded));
        m_revealedText.insert(m_index, lines);
    } else {
        m_server->reveal(*t);
        ClassRound round;
        round.lesson = m_player->lesson()->id;
        round.step = m_player->currentStep();
        round.exercise = m_index;
        round.question = exercise()->question(language());
        round.truth = *t;
        round.answers = m_server->answers();
        m_record.add(round);
        m_saveAction->setEnabled(true);
        m_csvAction->setEnabled(true);
    }
    drawReveal(*t);
    showResult();
    m_reveal->setEnabled(false);
    applyCover();
    showStripExercise();
    m_revealMs = timer.nsecsElapsed() / 1e6;
    emit revealedNow();
}

void ClassPanel::drawReveal(const model::ExerciseTruth &t)
{
    const QList<ClassAnswer> answers = m_server->isRunning() ? m_server->answers() : QList<ClassAnswer>{};
    QList<model::Guess> guesses;
    for (const ClassAnswer &a : answers)
        guesses << a.guess;
    // The closest guesses, by the error that fits the question.
    QList<std::pair<double, int>> ranked;
    int right = 0;
    for (int i = 0; i < answers.size(); ++i) {
        const model::GuessError e = model::exercises::grade(t, answers[i].guess);
        ranked.append({e.distance, i});
        right += e.right ? 1 : 0;
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList closest;
    QHash<int, QString> names;
    for (int k = 0; k < std::min<qsizetype>(kClosestNamed, ranked.size()); ++k) {
        const int i = ranked[k].second;
        names[i] = m_anonymous->isChecked() ? tr("#%1").arg(k + 1) : answers[i].nickname;
        closest << names[i];
    }
    const auto median = model::exercises::median(t, guesses);

    m_summary.clear();
    if (m_server->isRunning()) {
        m_summary << tr("Class: %n answer(s), %1 right", nullptr, int(answers.size())).arg(right);
        if (median)
            m_summary << tr("Class median: %1").arg(model::exercises::guessText(t, *median));
        if (!closest.isEmpty())
            m_summary << tr("Closest: %1").arg(closest.join(QStringLiteral(", ")));
    }

    QList<ChartPoint> points;
    if (t.answer == model::AnswerType::Point) {
        for (int i = 0; i < answers.size(); ++i) {
            ChartPoint p;
            p.id = QStringLiteral("class-%1").arg(answers[i].client);
            p.label = names.value(i);
            p.tooltip = answers[i].nickname.toHtmlEscaped();
            p.ai = answers[i].guess.x;
            p.flopPerS = answers[i].guess.y;
            p.gpuIndex = -1;
            p.share = 0; // the smallest marker: a cloud, not a crowd of labels
            points << p;
        }
        if (median && !answers.isEmpty()) {
            ChartPoint p;
            p.id = QStringLiteral("class-median");
            p.label = tr("class median");
            p.ai = median->x;
            p.flopPerS = median->y;
            p.gpuIndex = 1;
            points << p;
        }
        if (!m_server->isRunning() && m_guessPlaced)
            points << guessPoint();
        ChartPoint truthPoint;
        truthPoint.id = QStringLiteral("exercise-truth");
        truthPoint.label = tr("answer");
        truthPoint.ai = t.x;
        truthPoint.flopPerS = t.y;
        // Filled where the answer was measured, hollow where the model predicts it: the legend
        // names it rightly.
        truthPoint.kind = t.measured ? ChartPoint::Kind::Measured : ChartPoint::Kind::Predicted;
        truthPoint.highlighted = true;
        points << truthPoint;
    }
    m_host->chart()->setPoints(points, chartGroup());
}

void ClassPanel::showResult()
{
    QStringList lines = m_resultHead + m_summary;
    if (m_truth && !m_truth->explanation.isEmpty() && !explanationWaits())
        lines << QString() << m_truth->explanation;
    m_result->setText(lines.join(QLatin1Char('\n')));
}

void ClassPanel::askClass()
{
    if (!m_server->isRunning() || !exercise() || !truth())
        return;
    // Asking again the question being asked (the step applied once more, a new window taking
    // the class over) keeps the answers it has.
    const QString key = QStringLiteral("%1/%2/%3")
                            .arg(m_player->isOpen() ? m_player->lesson()->id : QString())
                            .arg(m_player->currentStep())
                            .arg(m_index);
    if (m_server->question() && key == m_askedKey)
        return;
    m_askedKey = key;
    const model::ExerciseTruth &t = *m_truth;
    ClassServer::Question q;
    q.id = ++m_askId;
    q.en = exercise()->questionEn;
    q.zh = exercise()->questionZh;
    q.answer = exercise()->answer;
    q.choices = t.choices;
    for (const QString &c : t.choices) {
        // The page follows the teacher's language: both lists in it.
        q.choiceLabelsEn << model::exercises::choiceLabel(c);
        q.choiceLabelsZh << model::exercises::choiceLabel(c);
    }
    q.unit = t.unit;
    q.logScale = t.logScale;
    q.xMin = t.xMin;
    q.xMax = t.xMax;
    q.yMin = t.yMin;
    q.yMax = t.yMax;
    q.valueMin = t.valueMin;
    q.valueMax = t.valueMax;
    m_server->ask(q);
    updateCounts();
}

bool ClassPanel::startClass(QString *error, quint16 port)
{
    m_server->setLanguage(language());
    if (!m_server->start(port, QHostAddress::Any, error))
        return false;
    m_record.clear();
    m_saveAction->setEnabled(false);
    m_csvAction->setEnabled(false);
    showClassOn();
    askClass();
    applyCover();
    updateCounts();
    m_host->showStatus(tr("Class mode on: %1").arg(classAddress()), 8000);
    return true;
}

void ClassPanel::buildStrip()
{
    m_strip = new QWidget;
    m_strip->setObjectName(QStringLiteral("classStrip"));
    auto *row = new QHBoxLayout(m_strip);
    row->setContentsMargins(0, 0, 0, 0);
    // Buttons without focus: the clicker's keys keep driving the lesson.
    const auto noFocus = [](QAbstractButton *b) {
        b->setFocusPolicy(Qt::NoFocus);
        return b;
    };

    // The exercise: which question, the guess, Reveal, the result.
    m_stripExercise = new QWidget(m_strip);
    auto *column = new QVBoxLayout(m_stripExercise);
    column->setContentsMargins(0, 0, 0, 0);
    auto *head = new QHBoxLayout;
    m_stripCounter = new QLabel(m_stripExercise);
    m_stripCounter->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred); // never cut
    // Text buttons at the banner's type size: a projector's arrows must be seen and hit.
    m_stripPrev = new QPushButton(QStringLiteral("◀"), m_stripExercise);
    m_stripNext = new QPushButton(QStringLiteral("▶"), m_stripExercise);
    m_stripPrev->setToolTip(m_prevEx->toolTip());
    m_stripNext->setToolTip(m_nextEx->toolTip());
    connect(noFocus(m_stripPrev), &QPushButton::clicked, this, [this] { setExerciseIndex(m_index - 1); });
    connect(noFocus(m_stripNext), &QPushButton::clicked, this, [this] { setExerciseIndex(m_index + 1); });
    auto *reveal = new QPushButton(tr("Reveal"), m_stripExercise);
    reveal->setObjectName(QStringLiteral("classStripReveal"));
    reveal->setToolTip(m_reveal->toolTip());
    connect(noFocus(reveal), &QPushButton::clicked, this, &ClassPanel::reveal);
    // One row, a pager: ◀ 2/5 ▶ and Reveal (the banner keeps to its share at 2x).
    m_stripCounter->setAlignment(Qt::AlignCenter);
    head->addWidget(m_stripPrev);
    head->addWidget(m_stripCounter);
    head->addWidget(m_stripNext);
    head->addWidget(reveal);
    head->addStretch(1);
    column->addLayout(head);
    m_stripInputs = new QStackedWidget(m_stripExercise);
    m_stripPoint = new QLabel(m_stripInputs);
    m_stripPoint->setWordWrap(true);
    m_stripInputs->addWidget(m_stripPoint);
    m_stripNumber = new QDoubleSpinBox(m_stripInputs);
    m_stripNumber->setObjectName(QStringLiteral("classStripNumber"));
    m_stripNumber->setDecimals(2);
    m_stripNumber->setFocusPolicy(Qt::ClickFocus);
    connect(m_stripNumber, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (!m_filling)
            m_number->setValue(v); // the dock's field holds the guess
    });
    m_stripInputs->addWidget(m_stripNumber);
    m_stripChoices = new QWidget(m_stripInputs);
    m_stripChoices->setObjectName(QStringLiteral("classStripChoices"));
    new QGridLayout(m_stripChoices); // two a row: four limiters fit the strip's width
    m_stripChoices->layout()->setContentsMargins(0, 0, 0, 0);
    m_stripInputs->addWidget(m_stripChoices);
    column->addWidget(m_stripInputs);
    m_stripResult = new QLabel(m_stripExercise);
    m_stripResult->setObjectName(QStringLiteral("classStripResult"));
    m_stripResult->setWordWrap(true);
    m_stripResult->setTextFormat(Qt::PlainText);
    column->addWidget(m_stripResult);
    column->addStretch(1);
    row->addWidget(m_stripExercise, 0, Qt::AlignTop);
    // A width of its own, at the banner's type size: the Reveal button does not move as the
    // guess's text grows under the pointer.
    m_stripExercise->installEventFilter(this);
    fitStripWidth();

    // The running class: its QR code, address and counts.
    // The QR code and the counts side by side, the address under them: the caption keeps its
    // width on a 1280-pixel projector.
    m_stripClass = new QWidget(m_strip);
    auto *classGrid = new QGridLayout(m_stripClass);
    classGrid->setContentsMargins(0, 0, 0, 0);
    m_stripQr = new QLabel(m_stripClass);
    classGrid->addWidget(m_stripQr, 0, 0, Qt::AlignLeft | Qt::AlignTop);
    m_stripCounts = new QLabel(m_stripClass);
    m_stripCounts->setWordWrap(true);
    classGrid->addWidget(m_stripCounts, 0, 1, Qt::AlignTop);
    m_stripAddress = new QLabel(m_stripClass);
    m_stripAddress->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_stripAddress->font();
    bold.setBold(true);
    m_stripAddress->setFont(bold);
    classGrid->addWidget(m_stripAddress, 1, 0, 1, 2);
    row->addWidget(m_stripClass, 0, Qt::AlignTop);
    m_stripClass->hide();
    m_strip->hide();
}

void ClassPanel::showStripExercise()
{
    if (!m_strip)
        return;
    const model::Exercise *e = exercise();
    const bool running = m_server->isRunning();
    m_stripClass->setVisible(running);
    m_stripExercise->setVisible(e != nullptr);
    m_strip->setVisible(e != nullptr || running);
    if (!e)
        return;
    m_stripCounter->setText(tr("%1/%2", "question of a step").arg(m_index + 1).arg(m_exercises.size()));
    m_stripCounter->setToolTip(tr("Question %1 of %2").arg(m_index + 1).arg(m_exercises.size()));
    m_stripCounter->setVisible(m_exercises.size() > 1);
    m_stripPrev->setVisible(m_exercises.size() > 1);
    m_stripNext->setVisible(m_exercises.size() > 1);
    m_stripPrev->setEnabled(m_index > 0);
    m_stripNext->setEnabled(m_index + 1 < m_exercises.size());
    if (auto *reveal = m_strip->findChild<QPushButton *>(QStringLiteral("classStripReveal")))
        reveal->setEnabled(m_reveal->isEnabled() && !m_revealed);
    // With a class running the phones answer; the teacher's screen places no guess of its own.
    m_stripInputs->setVisible(!running && !m_revealed);
    m_stripInputs->setCurrentIndex(int(e->answer));
    for (int i = 0; i < m_stripInputs->count(); ++i)
        m_stripInputs->widget(i)->setSizePolicy(
            i == int(e->answer) ? QSizePolicy::Preferred : QSizePolicy::Ignored, QSizePolicy::Preferred);
    // The choices as buttons, big enough to hit on a projector.
    QLayout *choices = m_stripChoices->layout();
    while (QLayoutItem *item = choices->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (e->answer == model::AnswerType::Choice && m_truth) {
        auto *group = new QButtonGroup(m_stripChoices);
        auto *grid = static_cast<QGridLayout *>(choices);
        for (int i = 0; i < m_truth->choices.size(); ++i) {
            auto *b = new QPushButton(model::exercises::choiceLabel(m_truth->choices.at(i)), m_stripChoices);
            b->setCheckable(true);
            b->setFocusPolicy(Qt::NoFocus);
            group->addButton(b, i);
            grid->addWidget(b, i / 2, i % 2);
        }
        connect(group, &QButtonGroup::idClicked, this, [this](int id) { m_choice->setCurrentIndex(id); });
    }
    if (e->answer == model::AnswerType::Number && m_truth) {
        m_filling = true;
        m_stripNumber->setDecimals(m_truth->decimals);
        m_stripNumber->setRange(m_truth->valueMin, m_truth->valueMax);
        m_stripNumber->setSuffix(QLatin1Char(' ') + m_truth->unit);
        m_filling = false;
    }
    syncStripGuess();
    fitStripWidth();
    // On the projector the answer and the error, in as few lines as the strip can show: a
    // point's answer is ringed on the chart, so its error alone; with a class, how many were
    // right and the closest. The dock and the tooltip say the rest.
    QStringList result;
    const bool point = e->answer == model::AnswerType::Point;
    if (!m_resultHead.isEmpty() && (!point || m_resultHead.size() == 1))
        result << m_resultHead.first();
    if (m_resultHead.size() > 1)
        result << m_resultHead.last();
    if (!m_summary.isEmpty())
        result << m_summary.first();
    if (m_summary.size() > 1)
        result << m_summary.last();
    m_stripResult->setText(m_revealed      ? result.join(QLatin1Char('\n'))
                           : isMeasuring() ? m_result->text()
                                           : QString());
    // Its wrapped height at the strip's fixed width: the banner grows to show it whole.
    m_stripResult->setMinimumHeight(
        std::max(0, m_stripResult->heightForWidth(m_stripExercise->maximumWidth())));
    m_stripResult->setToolTip(m_revealed && m_truth ? m_truth->explanation : QString());
    m_stripResult->setVisible(m_revealed || isMeasuring());
}

bool ClassPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_stripExercise && event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, &ClassPanel::fitStripWidth); // once the buttons have theirs
    return QWidget::eventFilter(watched, event);
}

void ClassPanel::fitStripWidth()
{
    // Thirty characters, or what the choice buttons need (Chinese limiters are wider).
    if (m_stripExercise)
        m_stripExercise->setFixedWidth(std::max(
            {m_stripExercise->fontMetrics().averageCharWidth() * 30,
             m_stripChoices->isVisibleTo(m_stripExercise) ? m_stripChoices->minimumSizeHint().width() : 0,
             m_stripExercise->layout()->itemAt(0)->minimumSize().width()})); // the pager row
}

void ClassPanel::syncStripGuess()
{
    const model::Exercise *e = exercise();
    if (!m_strip || !e)
        return;
    m_filling = true;
    m_stripNumber->setValue(m_number->value());
    m_filling = false;
    if (auto *group = m_stripChoices->findChild<QButtonGroup *>())
        if (QAbstractButton *b = group->button(m_choice->currentIndex()))
            b->setChecked(true);
    if (e->answer == model::AnswerType::Point && m_truth)
        m_stripPoint->setText(m_guessPlaced ? model::exercises::guessText(*m_truth, guess())
                                            : tr("Click the chart."));
}

bool ClassPanel::explanationWaits() const
{
    const model::Exercise *e = exercise();
    if (!e || !model::exercises::coverOf(*e).occupancy)
        return false;
    for (int i = 0; i < m_exercises.size(); ++i)
        if (i != m_index && !m_revealedSet.contains(i) &&
            model::exercises::coverOf(m_exercises.at(i)).occupancy)
            return true;
    return false;
}

bool ClassPanel::isCovering() const
{
    for (int i = 0; i < m_exercises.size(); ++i)
        if (!m_revealedSet.contains(i))
            return true;
    return false;
}

void ClassPanel::applyCover()
{
    QStringList subjects, ridges;
    bool occupancy = false;
    for (int i = 0; i < m_exercises.size(); ++i) {
        if (m_revealedSet.contains(i))
            continue;
        const model::ExerciseCover c = model::exercises::coverOf(m_exercises.at(i));
        if (!c.subject.isEmpty())
            subjects << c.subject;
        if (!c.ridge.isEmpty())
            ridges << c.ridge;
        occupancy |= c.occupancy;
        if (c.measured)
            for (const ChartPoint &p : m_host->chart()->points(LessonPlayer::resultsGroup()))
                if (!p.subject.isEmpty() && !subjects.contains(p.subject))
                    subjects << p.subject;
    }
    m_host->chart()->setCovered(subjects, ridges);
    if (auto *occ = qobject_cast<OccupancyPanel *>(m_host->panel(QStringLiteral("occupancy"))))
        occ->setResultCovered(occupancy);
    if (auto *llm = qobject_cast<LlmView *>(m_host->panel(QStringLiteral("llm"))))
        llm->setCoveredRidges(ridges); // its cards name each format's ridge
    m_player->setCaptionCover(coverText());
}

QString ClassPanel::coverText() const
{
    const model::Exercise *e = exercise();
    if (!e || !isCovering())
        return {};
    QStringList lines;
    const QString counter = m_exercises.size() > 1
                                ? tr("Question %1 of %2: ").arg(m_index + 1).arg(m_exercises.size())
                                : QString();
    lines << counter + e->question(language());
    if (m_revealed) {
        // This answer's explanation; the step's own caption waits for its last question.
        if (m_truth && !m_truth->explanation.isEmpty() && !explanationWaits())
            lines << m_truth->explanation;
        const int left = int(m_exercises.size() - m_revealedSet.size());
        lines << tr("%n more question(s) on this step before its explanation.", nullptr, left);
    } else if (m_server->isRunning()) {
        lines << tr("Answer on your phone; the answer and the explanation follow the reveal.");
    } else {
        switch (e->answer) {
        case model::AnswerType::Point:
            lines << tr("Predict first: click the chart where you expect the point, then Reveal.");
            break;
        case model::AnswerType::Number:
            lines << tr("Predict first: type your number, then Reveal.");
            break;
        case model::AnswerType::Choice:
            lines << tr("Predict first: pick your answer, then Reveal.");
            break;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

void ClassPanel::showClassOn()
{
    const QString url = classAddress();
    m_address->setText(url);
    const QImage qr = classQrImage(url, 4);
    m_qr->setPixmap(QPixmap::fromImage(qr));
    // Small enough to leave the caption its room, large enough for a phone across the room
    // to read from the projected picture.
    if (m_strip) {
        m_stripQr->setPixmap(QPixmap::fromImage(classQrImage(url, 4)));
        m_stripAddress->setText(url);
        showStripExercise();
    }
    m_classBox->show();
    {
        const QSignalBlocker block(m_classAction);
        m_classAction->setChecked(true);
    }
    if (!m_presenting->isChecked()) // on the stage the banner's strip shows the class
        showDock();
}

void ClassPanel::followServer()
{
    connect(m_server, &ClassServer::clientsChanged, this, &ClassPanel::updateCounts);
    connect(m_server, &ClassServer::answersChanged, this, &ClassPanel::updateCounts);
}

void ClassPanel::prepareHandOver()
{
    disconnect(m_player, nullptr, this, nullptr);
}

void ClassPanel::adopt(ClassPanel *old)
{
    if (!old || old == this || !old->m_server->isRunning())
        return;
    // The server changes hands: the old panel keeps an idle one to stop as it goes.
    ClassServer *server = old->m_server;
    old->m_server = new ClassServer(old);
    server->disconnect(old);
    delete m_server;
    m_server = server;
    m_server->setParent(this);
    followServer();
    m_record = old->m_record;
    const bool anyRound = !m_record.rounds().isEmpty();
    m_saveAction->setEnabled(anyRound);
    m_csvAction->setEnabled(anyRound);
    m_anonymous->setChecked(old->m_anonymous->isChecked());
    m_askId = old->m_askId;
    m_askedKey = old->m_askedKey;
    if (old->m_index != m_index && old->m_index >= 0 && old->m_index < m_exercises.size())
        setExerciseIndex(old->m_index);
    m_revealedSet = old->m_revealedSet; // what the class has seen stays uncovered
    m_server->setLanguage(language());
    showClassOn();
    if (old->m_revealed && truth()) {
        // The reveal the class saw, drawn again in this window's words (not a new round).
        m_revealed = true;
        m_resultHead = {tr("Answer: %1").arg(model::exercises::truthText(*m_truth))};
        drawReveal(*m_truth);
        showResult();
    } else if (!m_server->question()) {
        askClass();
    } // else the question being asked and the answers it has stay (the phones keep their page)
    applyCover();
    showStripExercise();
    updateCounts();
}

void ClassPanel::stopClass()
{
    m_server->stop();
    m_classBox->hide();
    const QSignalBlocker block(m_classAction);
    m_classAction->setChecked(false);
    if (m_revealed && m_truth) {
        drawReveal(*m_truth);
        showResult();
    }
    showStripExercise();
    applyCover(); // the cover's words no longer speak of phones
}

QString ClassPanel::classAddress() const
{
    return m_server->isRunning() ? m_server->pageUrl(ClassServer::lanAddress()).toString() : QString();
}

void ClassPanel::setAnonymous(bool anonymous)
{
    m_anonymous->setChecked(anonymous);
}

void ClassPanel::updateCounts()
{
    if (!m_server->isRunning())
        return;
    const int answered = int(m_server->answers().size());
    m_answered->setText(tr("%1 connected, %2 joined · %3 answered")
                            .arg(m_server->clientCount())
                            .arg(m_server->joinedCount())
                            .arg(exercise() ? answered : 0));
    if (m_stripCounts)
        m_stripCounts->setText(m_answered->text());
}

void ClassPanel::saveAnswers()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString file = QFileDialog::getSaveFileName(
        m_host->hostWindow(), tr("Save class answers"),
        QDir(dir).filePath(QStringLiteral("class-answers.json")), tr("Class answers (*.json)"));
    if (file.isEmpty())
        return;
    QString error;
    if (m_record.save(file, &error))
        m_host->showStatus(tr("Answers written to %1").arg(QDir::toNativeSeparators(file)), 5000);
    else
        QMessageBox::warning(m_host->hostWindow(), tr("Save class answers"), error);
}

void ClassPanel::exportCsv()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString file = QFileDialog::getSaveFileName(m_host->hostWindow(), tr("Export class answers"),
                                                      QDir(dir).filePath(QStringLiteral("class-answers.csv")),
                                                      tr("CSV (*.csv)"));
    if (file.isEmpty())
        return;
    QString error;
    if (m_record.saveCsv(file, &error))
        m_host->showStatus(tr("Answers written to %1").arg(QDir::toNativeSeparators(file)), 5000);
    else
        QMessageBox::warning(m_host->hostWindow(), tr("Export class answers"), error);
}

QString ClassPanel::resultText() const
{
    return m_result->text();
}
